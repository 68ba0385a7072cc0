// «Actividad» (the staff activity log, owners) and each record's own history.
export { ActivityPage } from './activity-page';
export { EntityHistory } from './entity-history';
