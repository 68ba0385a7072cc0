import type { DataSource, EntityManager } from 'typeorm';
import { BRAND } from '#shared/shop.js';
import { findDepartment, findMunicipality } from '#shared/divipola.js';
import type { OrganizationTypeValue, TaxRegimeValue } from '#shared/einvoicing.js';
import type { LegalInfo } from '#shared/legal.js';
import { legalSettingsSchema, type LegalSettingsValues } from '#shared/legal-settings.js';
import { formatNit, parseNit, type Nit } from '#shared/nit.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import { commit, inTransaction } from '../../common/db.js';
import type { ReadCache } from '../../common/read-cache.js';
import { ok, validationErrors, type ValidationErrors } from '../../common/results.js';

/** The shop's legal and tax identity: the footer, every email and every electronic invoice read it. */
export interface LegalProfile {
  legalName: string;
  tradeName: string;
  nit: Nit;
  organizationType: OrganizationTypeValue;
  taxRegime: TaxRegimeValue;
  taxResponsibilities: string[];
  /** The street line. */
  address: string;
  departmentCode: string;
  departmentName: string;
  municipalityCode: string;
  municipalityName: string;
  postalCode: string | null;
  phone: string;
  email: string;
  /** False until the owner saves them: until then the server's configuration (LEGAL_*) applies. */
  saved: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

interface Row {
  legal_name: string;
  trade_name: string;
  nit: string;
  nit_check_digit: string;
  organization_type: OrganizationTypeValue;
  tax_regime: TaxRegimeValue;
  tax_responsibilities: string[];
  address: string;
  department_code: string;
  municipality_code: string;
  postal_code: string | null;
  phone: string;
  email: string;
  updated_at: Date;
  updated_by: string | null;
}

/**
 * The settings as an activity entry shows them. The street line is named `address` so the log keeps only that it
 * changed (AUDIT_REDACTED_FIELDS): a shop run by a natural person gives their own address.
 */
const SNAPSHOT = `SELECT legal_name AS "legalName", trade_name AS "tradeName", nit || '-' || nit_check_digit AS nit,
    organization_type AS "organizationType", tax_regime AS "taxRegime", tax_responsibilities AS "taxResponsibilities",
    address, department_code AS "departmentCode", municipality_code AS "municipalityCode", postal_code AS "postalCode",
    phone, email
  FROM legal_settings WHERE id = $1`;

/** Where the configured identity (LEGAL_ADDRESS is free text) is taken to be until the owner names the municipality. */
const CONFIGURED_PLACE = { departmentCode: '54', municipalityCode: '54001' };

export type SavedLegalSettings = LegalProfile & { __typename: 'LegalSettings' };

export class LegalSettingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly configured: LegalInfo,
    /** Keeps the footer's identity until the next change on any instance (legal_settings notifies). */
    private readonly cache: ReadCache,
  ) {}

  /** The current profile; inside the caller's transaction when `m` is given. */
  async profile(m: EntityManager = this.ds.manager): Promise<LegalProfile> {
    const rows: Row[] = await m.query(`SELECT * FROM legal_settings WHERE id = 1`);
    return rows[0] ? fromRow(rows[0]) : this.fromConfiguration();
  }

  /** The identity the footer and the emails show. */
  info(): Promise<LegalInfo> {
    return this.cache.remember('legal-info', async () => {
      const p = await this.profile();
      if (!p.saved) return this.configured;
      return {
        legalName: p.legalName,
        nit: formatNit(p.nit),
        address: `${p.address}, ${p.municipalityName}, ${p.departmentName}`,
        phone: p.phone,
        email: p.email,
        sicUrl: this.configured.sicUrl,
      };
    });
  }

  /** The owner's save, in one transaction with its activity entry (null before: the configuration applied). */
  async save(input: unknown, staffName: string): Promise<SavedLegalSettings | ValidationErrors> {
    const parsed = legalSettingsSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const v = parsed.data;
    const outcome = await inTransaction(this.ds, async (m) => {
      const before = await rowSnapshot(m, `${SNAPSHOT} FOR UPDATE`, 1);
      await this.write(m, v, staffName);
      auditChange(m, { entityType: 'legalSettings', entityId: 1, before, after: await rowSnapshot(m, SNAPSHOT, 1) });
      return commit(await this.profile(m));
    });
    if (!outcome.commit) throw new Error('unreachable');
    return ok(outcome.value, 'LegalSettings');
  }

  private async write(m: EntityManager, v: LegalSettingsValues, staffName: string): Promise<void> {
    await m.query(
      `INSERT INTO legal_settings (id, legal_name, trade_name, nit, nit_check_digit, organization_type, tax_regime,
         tax_responsibilities, address, department_code, municipality_code, postal_code, phone, email, updated_at, updated_by)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now(), $14)
       ON CONFLICT (id) DO UPDATE SET legal_name = $1, trade_name = $2, nit = $3, nit_check_digit = $4,
         organization_type = $5, tax_regime = $6, tax_responsibilities = $7, address = $8, department_code = $9,
         municipality_code = $10, postal_code = $11, phone = $12, email = $13, updated_at = now(), updated_by = $14`,
      [
        v.legalName,
        v.tradeName,
        v.nit.number,
        v.nit.checkDigit,
        v.organizationType,
        v.taxRegime,
        v.taxResponsibilities,
        v.address,
        v.departmentCode,
        v.municipalityCode,
        v.postalCode,
        v.phone,
        v.email,
        staffName.slice(0, 200),
      ],
    );
  }

  private fromConfiguration(): LegalProfile {
    const nit = parseNit(this.configured.nit);
    if ('error' in nit) throw new Error(`LEGAL_NIT: ${nit.error}`);
    return {
      legalName: this.configured.legalName,
      tradeName: BRAND,
      nit,
      organizationType: 'JURIDICA',
      taxRegime: 'RESPONSABLE_IVA',
      taxResponsibilities: ['R-99-PN'],
      address: this.configured.address,
      ...place(CONFIGURED_PLACE.departmentCode, CONFIGURED_PLACE.municipalityCode),
      postalCode: null,
      phone: this.configured.phone,
      email: this.configured.email,
      saved: false,
      updatedAt: null,
      updatedBy: null,
    };
  }
}

function place(departmentCode: string, municipalityCode: string) {
  return {
    departmentCode,
    departmentName: findDepartment(departmentCode)?.name ?? departmentCode,
    municipalityCode,
    municipalityName: findMunicipality(departmentCode, municipalityCode)?.name ?? municipalityCode,
  };
}

function fromRow(r: Row): LegalProfile {
  return {
    legalName: r.legal_name,
    tradeName: r.trade_name,
    nit: { number: r.nit, checkDigit: r.nit_check_digit },
    organizationType: r.organization_type,
    taxRegime: r.tax_regime,
    taxResponsibilities: r.tax_responsibilities,
    address: r.address,
    ...place(r.department_code, r.municipality_code),
    postalCode: r.postal_code,
    phone: r.phone,
    email: r.email,
    saved: true,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  };
}
