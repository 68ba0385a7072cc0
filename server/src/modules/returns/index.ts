// Returns: retracto, warranty claims and payment reversals (Ley 1480) with their refund deadlines.
export { ReturnsService, type RefundDocuments, type ReturnInput, type ReturnResult } from './returns.service.js';
export { ReturnMails } from './return-mails.js';
export { createReturnsResolvers } from './returns.resolvers.js';
export { ReturnRequestEntity } from './return-request.entity.js';
export { ReturnLineEntity } from './return-line.entity.js';
