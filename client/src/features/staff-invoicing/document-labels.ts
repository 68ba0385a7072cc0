import { EINVOICE_KIND_LABELS, EINVOICE_STATUS_LABELS } from '#shared/einvoicing.js';

export { EINVOICE_KIND_LABELS, EINVOICE_STATUS_LABELS };

/** The status as a badge: green once the DIAN accepted it, amber while waiting, red when refused. */
export const STATUS_TONES = { EMITIDO: 'ok', PENDIENTE: 'wait', RECHAZADO: 'bad' } as const;
