import type { AlertCondition } from '../modules/operations/index.js';
import { operationsAlertConditions } from '../modules/operations/index.js';

/**
 * Every condition the owner is alerted about. A module with conditions of its own (e.g. invoices the tax authority
 * rejected) exports them as AlertCondition values and adds them here.
 */
export function alertConditions(): AlertCondition[] {
  return [...operationsAlertConditions];
}
