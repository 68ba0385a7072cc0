// «Equipo» (owners): the team, invitations, roles and access.
export { TeamPage } from './team-page';
