// The staff activity log: reading it («Actividad», each record's history), entries outside mutations, pruning.
export { ActivityLog, type ActivityFilter, type AuditEntryRecord } from './activity-log.service.js';
export { createAuditResolvers } from './audit.resolvers.js';
export { entryView, summaryText, valueText } from './audit-view.js';
