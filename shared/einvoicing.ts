/**
 * Electronic invoicing (DIAN, Resolución 000042 de 2020 and its technical annex, version 1.9): the closed lists the
 * server, the dashboard, the schema and the database share, with their Spanish labels.
 */

/** The documents the shop issues: the sales invoice, and the credit note that corrects it. */
export const EINVOICE_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type EinvoiceKindValue = (typeof EINVOICE_KINDS)[number];
export const EINVOICE_KIND_LABELS: Record<EinvoiceKindValue, string> = {
  INVOICE: 'Factura electrónica de venta',
  CREDIT_NOTE: 'Nota crédito electrónica',
};

/** Where a document stands: waiting for the provider (or for its turn), accepted by the DIAN, or refused. */
export const EINVOICE_STATUSES = ['PENDIENTE', 'EMITIDO', 'RECHAZADO'] as const;
export type EinvoiceStatusValue = (typeof EINVOICE_STATUSES)[number];
export const EINVOICE_STATUS_LABELS: Record<EinvoiceStatusValue, string> = {
  PENDIENTE: 'Pendiente',
  EMITIDO: 'Emitida',
  RECHAZADO: 'Rechazada',
};

/** Legal form of the issuer (DIAN AdditionalAccountID: 1 persona jurídica, 2 persona natural). */
export const ORGANIZATION_TYPES = ['JURIDICA', 'NATURAL'] as const;
export type OrganizationTypeValue = (typeof ORGANIZATION_TYPES)[number];
export const ORGANIZATION_TYPE_LABELS: Record<OrganizationTypeValue, string> = {
  JURIDICA: 'Persona jurídica',
  NATURAL: 'Persona natural',
};

/** Whether the issuer charges IVA (TaxScheme 01) or not (ZZ, no aplica). */
export const TAX_REGIMES = ['RESPONSABLE_IVA', 'NO_RESPONSABLE_IVA'] as const;
export type TaxRegimeValue = (typeof TAX_REGIMES)[number];
export const TAX_REGIME_LABELS: Record<TaxRegimeValue, string> = {
  RESPONSABLE_IVA: 'Responsable de IVA',
  NO_RESPONSABLE_IVA: 'No responsable de IVA',
};

/** Fiscal responsibilities of the RUT the DIAN accepts on an invoice (TaxLevelCode). */
export const TAX_RESPONSIBILITY_LABELS: Record<string, string> = {
  'O-13': 'Gran contribuyente',
  'O-15': 'Autorretenedor',
  'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación',
  'R-99-PN': 'No aplica – otros',
};
export const TAX_RESPONSIBILITIES = Object.keys(TAX_RESPONSIBILITY_LABELS);

/** Environment of the DIAN the documents go to (TipoAmbiente / ProfileExecutionID: 1 production, 2 tests). */
export type DianEnvironmentValue = 'pruebas' | 'produccion';

/** Printed on every graphic representation of a document that has no fiscal value (a test shop, the DIAN's test environment). */
export const TEST_DOCUMENT_MARK = 'DOCUMENTO DE PRUEBA — SIN VALIDEZ FISCAL';

/** Staff are warned when this share of the numbering range, or fewer days of its validity, remain. */
export const NUMBERING_WARNING = { rangeShare: 0.1, days: 30 } as const;
