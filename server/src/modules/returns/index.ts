// Returns: retracto, warranty claims and payment reversals (Ley 1480) with their refund deadlines.
export { ReturnsService, type ReturnInput } from './returns.service.js';
export type { RefundDocuments } from './return-staff-steps.js';
export type { ReturnResult } from './return-results.js';
export { ReturnMails } from './return-mails.js';
export { createReturnsResolvers } from './returns.resolvers.js';
export { ReturnRequestEntity } from './return-request.entity.js';
export { ReturnLineEntity } from './return-line.entity.js';
