import { AUDIT_KIND_LABELS, entityLabel, fieldLabel, operationLabel } from '#shared/audit.js';
import { isPermission, PERMISSIONS, ROLE_LABELS, isStaffRole } from '#shared/staff-access.js';
import { ORDER_STATUS_LABELS, type OrderStatusValue } from '#shared/orders.js';
import type { AuditEntryRecord } from './activity-log.service.js';

/** A value as text for people: yes/no, numbers, Spanish labels of statuses and roles, lists joined. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (value in ORDER_STATUS_LABELS) return ORDER_STATUS_LABELS[value as OrderStatusValue];
    if (isStaffRole(value)) return ROLE_LABELS[value];
    return value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map((v) => valueText(v) ?? '—').join(', ');
  return JSON.stringify(value);
}

const DETAIL_LABELS: Record<string, string> = {
  note: 'Nota',
  permission: 'Permiso que faltó',
  reason: 'Motivo',
  filter: 'Filtros',
  rows: 'Filas',
  orders: 'Órdenes',
  order: 'Orden',
  task: 'Tarea',
  requested: 'Pedidas',
  file: 'Archivo',
  import: 'Importación',
  created: 'Creados',
  updated: 'Actualizados',
  archived: 'Archivados',
  stockChanges: 'Cambios de inventario',
  unchanged: 'Sin cambios',
  skipped: 'Omitidos',
  problems: 'Filas con problemas',
  documents: 'Documentos numerados',
};

const REASONS: Record<string, string> = {
  disabled: 'cuenta desactivada',
  'not-staff': 'la cuenta no es parte del equipo',
};

/** An entry's other facts in one Spanish line (the refused permission in words, an export's filters, a note). */
export function summaryText(entry: Pick<AuditEntryRecord, 'detail'>): string | null {
  const detail = entry.detail;
  if (!detail || Object.keys(detail).length === 0) return null;
  const parts = Object.entries(detail).map(([key, value]) => {
    let text: string | null;
    if (key === 'permission' && isPermission(value)) text = PERMISSIONS[value];
    else if (key === 'reason' && typeof value === 'string') text = REASONS[value] ?? value;
    else if (key === 'filter' && value && typeof value === 'object')
      text =
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
          .map(([k, v]) => `${k}: ${valueText(v)}`)
          .join('; ') || 'ninguno';
    else text = valueText(value);
    return `${DETAIL_LABELS[key] ?? key}: ${text ?? '—'}`;
  });
  return parts.join(' · ');
}

/** The GraphQL view of an entry (labels in Spanish, values as text). */
export function entryView(e: AuditEntryRecord) {
  return {
    id: e.id,
    at: e.at,
    kind: e.kind,
    kindLabel: AUDIT_KIND_LABELS[e.kind],
    actorUid: e.actorUid,
    actorEmail: e.actorEmail,
    actorRole: e.actorRole && isStaffRole(e.actorRole) ? e.actorRole : null,
    operation: e.operation,
    operationLabel: operationLabel(e.operation),
    entityType: e.entityType,
    entityLabel: e.entityType ? entityLabel(e.entityType) : null,
    entityId: e.entityId,
    changes: Object.entries(e.changes ?? {}).map(([field, change]) => ({
      field,
      label: fieldLabel(field),
      before: valueText(change.before),
      after: valueText(change.after),
    })),
    summary: summaryText(e),
    clientIp: e.clientIp,
  };
}
