/**
 * The staff activity log's vocabulary: what kind of entry, which operation and which kind of record, with the
 * Spanish words «Actividad» and each record's history show. The server writes the keys; both sides read the labels.
 */

/** change: a staff mutation; signin: the first request of a new session; refused: a FORBIDDEN; export: a CSV download. */
export const AUDIT_KINDS = ['change', 'signin', 'refused', 'export'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  change: 'Cambio',
  signin: 'Inicio de sesión',
  refused: 'Intento rechazado',
  export: 'Exportación',
};

/**
 * Every staff mutation, by its GraphQL field name, and the operations outside GraphQL. A test fails when a staff
 * mutation of the schema has no label here.
 */
export const OPERATION_LABELS: Record<string, string> = {
  staffTransitionOrder: 'Cambió el estado de una orden',
  staffBulkTransitionOrders: 'Cambió el estado de varias órdenes',
  staffMarkCashCollected: 'Registró el dinero contraentrega',
  staffSaveCashOnDelivery: 'Configuró el pago contraentrega',
  staffCreateProduct: 'Creó un producto',
  staffSaveProduct: 'Editó un producto',
  staffUpdateProduct: 'Editó precio, publicación o inventario',
  staffArchiveProduct: 'Archivó un producto',
  staffRestoreProduct: 'Restauró un producto',
  staffArrangeProductImages: 'Ordenó las imágenes de un producto',
  staffAddProductImage: 'Agregó una imagen a un producto',
  staffRemoveProductImage: 'Quitó una imagen de un producto',
  staffCreateDiscountCode: 'Creó un código de descuento',
  staffUpdateDiscountCode: 'Editó un código de descuento',
  staffRetryJob: 'Reintentó una tarea en segundo plano',
  staffSetLowStockThreshold: 'Cambió el umbral de inventario bajo',
  staffUploadImage: 'Subió una imagen a la biblioteca',
  staffCreateHomeSlide: 'Creó un banner',
  staffUpdateHomeSlide: 'Editó un banner',
  staffDeleteHomeSlide: 'Eliminó un banner',
  staffReorderHomeSlides: 'Ordenó los banners',
  staffCreatePromoBlock: 'Creó un bloque de promoción',
  staffUpdatePromoBlock: 'Editó un bloque de promoción',
  staffDeletePromoBlock: 'Eliminó un bloque de promoción',
  staffReorderPromoBlocks: 'Ordenó los bloques de promoción',
  staffUpdateCampaign: 'Editó una campaña',
  staffCampaignPreview: 'Creó un enlace de vista previa de una campaña',
  staffSaveShippingSettings: 'Cambió las condiciones de envío',
  staffSaveShippingRate: 'Guardó una tarifa de envío',
  staffRemoveShippingRate: 'Quitó una tarifa de envío',
  staffDecideReturn: 'Decidió una devolución',
  staffReceiveReturn: 'Recibió una devolución',
  staffRefundReturn: 'Registró un reembolso',
  staffInviteMember: 'Invitó a una persona al equipo',
  staffResendInvitation: 'Reenvió una invitación',
  staffChangeMemberRole: 'Cambió el rol de una persona',
  staffDisableMember: 'Desactivó una cuenta del equipo',
  staffEnableMember: 'Reactivó una cuenta del equipo',
  staffSetInvoicingEnabled: 'Activó o desactivó la facturación electrónica',
  staffSaveInvoiceNumbering: 'Guardó la numeración de facturación de la DIAN',
  staffRetryElectronicDocument: 'Reintentó un documento electrónico',
  staffResendElectronicDocument: 'Reenvió un documento electrónico al cliente',
  staffSaveLegalSettings: 'Editó los datos legales de la tienda',
  staffUpdateOperationsSettings: 'Cambió las copias de seguridad y las alertas',
  staffRunBackupNow: 'Pidió una copia de seguridad',
  staffPreviewCatalogImport: 'Revisó una importación del catálogo',
  staffApplyCatalogImport: 'Importó el catálogo desde una hoja de cálculo',
  // Outside GraphQL.
  signIn: 'Inició sesión',
  legacyOwner: 'Cuenta del personal anterior registrada como propietaria',
  staffAddCommand: 'Cuenta creada o actualizada con npm run staff:add',
  devAccount: 'Cuenta de desarrollo del panel (npm start)',
  ordersCsv: 'Exportó órdenes (CSV)',
  orderLinesCsv: 'Exportó productos por orden (CSV)',
  catalogCsv: 'Exportó el catálogo (CSV)',
  catalogXlsx: 'Exportó el catálogo (Excel)',
  einvoiceFile: 'Descargó un documento electrónico (PDF o XML)',
  einvoiceMonth: 'Descargó la facturación electrónica de un mes',
};

export function operationLabel(operation: string): string {
  return OPERATION_LABELS[operation] ?? operation;
}

/** Kinds of record an entry is about. */
export const ENTITY_LABELS: Record<string, string> = {
  order: 'Orden',
  product: 'Producto',
  discountCode: 'Código de descuento',
  staffMember: 'Persona del equipo',
  returnRequest: 'Devolución',
  homeSlide: 'Banner',
  promoBlock: 'Bloque de promoción',
  campaign: 'Campaña',
  shippingRate: 'Tarifa de envío',
  shippingSettings: 'Condiciones de envío',
  cashOnDelivery: 'Pago contraentrega',
  stockSettings: 'Inventario bajo',
  mediaAsset: 'Imagen de la biblioteca',
  job: 'Tarea en segundo plano',
  invoicingSettings: 'Facturación electrónica',
  invoiceNumbering: 'Numeración de facturación',
  electronicDocument: 'Documento electrónico',
  legalSettings: 'Datos legales',
  operationsSettings: 'Copias de seguridad y alertas',
  backupRun: 'Copia de seguridad',
  catalogImport: 'Importación del catálogo',
};

export function entityLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? entityType;
}

/**
 * Personal data (Ley 1581 de 2012): a shopper's document number and address never reach the log; an entry only
 * says that they changed. Field names as the services report them.
 */
export const AUDIT_REDACTED_FIELDS: ReadonlySet<string> = new Set([
  'documentNumber',
  'address',
  'neighborhood',
  'shippingAddress',
]);

/** What an entry shows instead of a redacted value. */
export const REDACTED_VALUE = '(dato personal: no se guarda)';

/** Audit entries are kept this many days unless AUDIT_RETENTION_DAYS says otherwise (two years). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/** Field names of the records, as an entry's changes show them. */
export const FIELD_LABELS: Record<string, string> = {
  status: 'Estado',
  note: 'Nota',
  carrier: 'Transportadora',
  trackingNumber: 'Número de guía',
  cashCollectedAt: 'Dinero contraentrega recibido',
  cashCollectedBy: 'Recibido por',
  name: 'Nombre',
  email: 'Correo',
  role: 'Rol',
  disabled: 'Desactivada',
  invitedAt: 'Invitación enviada',
  slug: 'Dirección (slug)',
  description: 'Descripción',
  price: 'Precio',
  active: 'Publicado',
  archived: 'Archivado',
  category: 'Categoría',
  collections: 'Colecciones',
  pets: 'Mascotas',
  sizes: 'Tallas',
  stock: 'Inventario',
  sizeGuide: 'Guía de tallas',
  images: 'Imágenes',
  image: 'Imagen',
  alt: 'Texto alternativo',
  code: 'Código',
  percent: 'Porcentaje',
  startsAt: 'Desde',
  endsAt: 'Hasta',
  usageLimit: 'Límite de usos',
  minSubtotal: 'Compra mínima',
  perCustomerLimit: 'Límite por cliente',
  categories: 'Categorías',
  firstPurchaseOnly: 'Solo primera compra',
  threshold: 'Umbral',
  enabled: 'Activo',
  maxTotal: 'Total máximo',
  fee: 'Recargo',
  freeShippingThreshold: 'Envío gratis desde',
  departmentCode: 'Departamento',
  municipalityCode: 'Municipio',
  minDays: 'Días mínimos',
  maxDays: 'Días máximos',
  title: 'Título',
  position: 'Posición',
  order: 'Orden',
  decision: 'Decisión',
  refundMethod: 'Medio de reembolso',
  refundReference: 'Referencia del reembolso',
  refundAmount: 'Valor reembolsado',
  attempts: 'Intentos',
  previewUntil: 'Vista previa hasta',
  decisionNote: 'Nota de la decisión',
  desktopImage: 'Imagen para computador',
  mobileImage: 'Imagen para celular',
  link: 'Enlace',
  linkUrl: 'Enlace',
  linkLabel: 'Texto del enlace',
  body: 'Texto',
  fromPriceCategory: 'Precio desde (categoría)',
  url: 'Dirección del archivo',
  invitedBy: 'Invitada por',
  runAt: 'Próxima ejecución',
  legalName: 'Razón social',
  tradeName: 'Nombre comercial',
  nit: 'NIT',
  organizationType: 'Tipo de persona',
  taxRegime: 'Régimen tributario',
  taxResponsibilities: 'Responsabilidades fiscales',
  postalCode: 'Código postal',
  phone: 'Teléfono',
  resolutionNumber: 'Resolución de la DIAN',
  prefix: 'Prefijo',
  rangeFrom: 'Rango desde',
  rangeTo: 'Rango hasta',
  validFrom: 'Vigente desde',
  validTo: 'Vigente hasta',
  technicalKey: 'Clave técnica',
  nextNumber: 'Siguiente número',
  creditNotePrefix: 'Prefijo de las notas crédito',
  number: 'Número',
  backupEnabled: 'Copia diaria',
  backupTime: 'Hora de la copia',
  keepDaily: 'Copias diarias a conservar',
  keepWeekly: 'Copias semanales a conservar',
  keepMonthly: 'Copias mensuales a conservar',
  backupMaxAgeHours: 'Alerta si la última copia tiene más de (horas)',
  paymentFailurePercent: 'Porcentaje de pagos fallidos para alertar',
  paymentMinAttempts: 'Pagos mínimos para calcular el porcentaje',
  paymentWindowMinutes: 'Ventana de pagos (minutos)',
  noPaidOrderHours: 'Horas sin pedidos pagados para alertar',
  openingHour: 'Hora de apertura',
  closingHour: 'Hora de cierre',
  jobStuckMinutes: 'Minutos para considerar una tarea atascada',
  diskFreePercent: 'Espacio libre mínimo en disco (%)',
  documentNumber: 'Número de documento',
  address: 'Dirección',
  neighborhood: 'Barrio',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && (AUDIT_KINDS as readonly string[]).includes(value);
}
