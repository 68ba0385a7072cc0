/** The sandbox payment gateway's page (development and tests without a real gateway), lazy-loaded by app/routes. */
export { SandboxGatewayPage as SandboxGatewayRoute } from './sandbox-gateway-page';
