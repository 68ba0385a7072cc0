// The team: who is staff and with what role (the staff table), invitations and access.
export { StaffDirectory, type StaffMemberRow } from './staff-directory.js';
export { TeamService, STAFF_ACCESS_TASK, type StaffMemberRecord } from './team.service.js';
export { FirebaseStaffAccounts, type StaffAccounts } from './firebase-accounts.js';
export { createTeamResolvers } from './team.resolvers.js';
export { addStaffMember, type AddedStaffMember } from './staff-add.js';
