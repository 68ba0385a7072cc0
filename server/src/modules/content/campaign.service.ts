import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { campaignInputSchema, type CampaignFormInput } from '#shared/content.js';
import { CAMPAIGN_PREVIEW_PARAM } from '#shared/storefront-routes.js';
import { safeEqual } from '../../common/crypto.js';
import { commit, inTransaction, returningRows, rollback } from '../../common/db.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import { notFoundResult, ok, validationErrors, type NotFound, type ValidationErrors } from '../../common/results.js';
import { CampaignEntity } from './campaign.entity.js';

/** How long a staff preview link of a switched-off campaign page works. */
export const PREVIEW_HOURS = 24;

export type CampaignResult = (CampaignEntity & { __typename: 'StaffCampaign' }) | ValidationErrors | NotFound;
export type PreviewResult = { __typename: 'CampaignPreviewLink'; url: string; expiresAt: Date } | NotFound;

/** A campaign as the storefront shows it; `preview` when it is off and shown through a staff preview link. */
export type CampaignView = CampaignEntity & { preview: boolean };

const MISSING = 'La campaña no existe.';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Seasonal campaign pages (e.g. `/halloween`): on or off, their title and description, and preview links. */
export class CampaignService {
  constructor(private readonly ds: DataSource) {}

  /** Campaigns that are on (the storefront links them). */
  active(): Promise<CampaignEntity[]> {
    return this.ds.getRepository(CampaignEntity).find({ where: { active: true }, order: { slug: 'ASC' } });
  }

  list(): Promise<CampaignEntity[]> {
    return this.ds.getRepository(CampaignEntity).find({ order: { slug: 'ASC' } });
  }

  /** The campaign when it is on, or when `previewToken` is its current, unexpired preview token; null otherwise. */
  async visible(slug: string, previewToken?: string | null): Promise<CampaignView | null> {
    const campaign = await this.ds.getRepository(CampaignEntity).findOneBy({ slug });
    if (!campaign) return null;
    if (campaign.active) return Object.assign(campaign, { preview: false });
    const valid = Boolean(
      previewToken &&
      campaign.previewTokenHash &&
      campaign.previewExpiresAt &&
      campaign.previewExpiresAt > new Date() &&
      safeEqual(hash(previewToken), campaign.previewTokenHash),
    );
    return valid ? Object.assign(campaign, { preview: true }) : null;
  }

  async update(slug: string, input: CampaignFormInput): Promise<CampaignResult> {
    const parsed = campaignInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const v = parsed.data;
    const snapshot = `SELECT title, description, active FROM campaign WHERE slug = $1`;
    const outcome = await inTransaction(this.ds, async (m) => {
      const before = await rowSnapshot(m, `${snapshot} FOR UPDATE`, slug);
      if (!before) return rollback(null);
      await m.query(
        `UPDATE campaign SET title = $2, description = $3, active = $4, updated_at = now() WHERE slug = $1`,
        [slug, v.title, v.description, v.active],
      );
      auditChange(m, { entityType: 'campaign', entityId: slug, before, after: await rowSnapshot(m, snapshot, slug) });
      return commit(null);
    });
    const saved = outcome.commit ? await this.ds.getRepository(CampaignEntity).findOneBy({ slug }) : null;
    return saved ? ok(saved, 'StaffCampaign') : notFoundResult(MISSING);
  }

  /** A fresh preview link (the previous one stops working): the page as shoppers will see it, even while off, never indexed. */
  async previewLink(slug: string): Promise<PreviewResult> {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + PREVIEW_HOURS * 3_600_000);
    const outcome = await inTransaction(this.ds, async (m) => {
      const rows = await returningRows<{ path: string }>(
        m,
        `UPDATE campaign SET preview_token_hash = $2, preview_expires_at = $3 WHERE slug = $1 RETURNING path`,
        [slug, hash(token), expiresAt],
      );
      if (!rows[0]) return rollback(null);
      // The link itself is a secret: the log only says until when it works.
      auditChange(m, { entityType: 'campaign', entityId: slug, after: { previewUntil: expiresAt } });
      return commit(rows[0].path);
    });
    if (!outcome.commit) return notFoundResult(MISSING);
    return { __typename: 'CampaignPreviewLink', url: `${outcome.value}?${CAMPAIGN_PREVIEW_PARAM}=${token}`, expiresAt };
  }

  /** How many published products the campaign's collection has. */
  async productCount(collection: string): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await this.ds.query(
      `SELECT count(*)::int AS n FROM product WHERE active AND collections @> ARRAY[$1::text]`,
      [collection],
    );
    return n;
  }
}
