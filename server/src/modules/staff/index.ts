// Staff: who may use the dashboard (Firebase ID tokens), and the staff API over orders, catalog and codes.
export { StaffAuthService, lazyStaffAuth, bearerToken } from './auth.js';
export { prepareStaffAuth, type StaffAuthSetup } from './staff-auth-setup.js';
export { AuthEmulatorStartAborted } from './auth-emulator.js';
export { createStaffSessionResolvers } from './staff.resolvers.js';
export { createStaffOrdersResolvers } from './staff-orders.resolvers.js';
export { createStaffCatalogResolvers } from './staff-catalog.resolvers.js';
export { createStaffContentResolvers } from './staff-content.resolvers.js';
export { mountStaffRoutes } from './staff-http.routes.js';
export { createStaffJobsResolvers, TASK_LABELS } from './staff-jobs.resolvers.js';
export { createStaffChannelsResolvers, MAX_IMPORT_BASE64 } from './staff-channels.resolvers.js';
