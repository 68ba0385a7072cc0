import { badInput } from '../../common/errors.js';
import type { OrderStatusValue, PaymentMethodValue } from '#shared/orders.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';
import { isCalendarDate } from '#shared/shop-time.js';

/** Filters shared by the orders list and its CSV export. */
export interface OrderFilter {
  statuses?: OrderStatusValue[] | null;
  /** How the order was paid (the gateway's reported method, or cash on delivery). */
  paymentMethods?: PaymentMethodValue[] | null;
  /** Inclusive YYYY-MM-DD in America/Bogota. */
  from?: string | null;
  to?: string | null;
  search?: string | null;
}

function checkDate(value: string | null | undefined, field: string): string | null {
  if (value == null || value === '') return null;
  if (!isCalendarDate(value)) throw badInput('La fecha debe tener el formato AAAA-MM-DD.', field);
  return value;
}

const ACCENTED = 'ÁÉÍÓÚÜÑáéíóúüñ';
const PLAIN = 'aeiouunaeiouun';

/** Lower-case without Spanish accents, in JS and SQL alike (the database may use the C locale). */
export function foldText(text: string): string {
  return [...text]
    .map((c) => (ACCENTED.includes(c) ? PLAIN[ACCENTED.indexOf(c)] : c))
    .join('')
    .toLowerCase();
}
const fold = (column: string) => `lower(translate(${column}, '${ACCENTED}', '${PLAIN}'))`;

/** Escapes LIKE wildcards so a search for `50%` finds the text, not everything. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Builds the WHERE clause (alias `o` for shop_order) and its parameters, starting at $<offset+1>.
 * Dates are whole days in America/Bogota; search matches reference, name, email, phone or document.
 */
export function orderWhere(filter: OrderFilter | null | undefined, offset = 0): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${offset + params.length}`;
  };
  const statuses = [...new Set(filter?.statuses?.filter((s) => s) ?? [])];
  if (statuses.length > 0) parts.push(`o.status = ANY(${p(statuses)}::varchar[])`);
  const methods = [...new Set(filter?.paymentMethods?.filter((m) => m) ?? [])];
  if (methods.length > 0) parts.push(`o.payment_method = ANY(${p(methods)}::varchar[])`);
  const from = checkDate(filter?.from, 'from');
  const to = checkDate(filter?.to, 'to');
  if (from && to && from > to) throw badInput('La fecha inicial debe ser anterior o igual a la final.', 'from');
  if (from) parts.push(`o.created_at >= (${p(from)}::date)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`);
  if (to) parts.push(`o.created_at < ((${p(to)}::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`);
  const search = filter?.search?.trim().slice(0, 100);
  if (search) {
    const like = p(likePattern(foldText(search)));
    const digits = search.replace(/\D/g, '');
    const phoneOrDoc =
      digits.length >= 3
        ? ` OR o.phone LIKE ${p(likePattern(digits))} OR o.document_number LIKE ${p(likePattern(digits))}`
        : '';
    parts.push(
      `(lower(o.reference) LIKE ${like} OR ${fold('o.full_name')} LIKE ${like} OR ${fold('o.email')} LIKE ${like} OR lower(o.document_number) LIKE ${like}${phoneOrDoc})`,
    );
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}
