import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { campaignInputSchema, type CampaignFormInput } from '#shared/content.js';
import { CAMPAIGN_PREVIEW_PARAM } from '#shared/storefront-routes.js';
import { safeEqual } from '../../common/crypto.js';
import { returningRows } from '../../common/db.js';
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
    const repo = this.ds.getRepository(CampaignEntity);
    const { affected } = await repo.update({ slug }, { ...parsed.data, updatedAt: new Date() });
    const saved = affected ? await repo.findOneBy({ slug }) : null;
    return saved ? ok(saved, 'StaffCampaign') : notFoundResult(MISSING);
  }

  /** A fresh preview link (the previous one stops working): the page as shoppers will see it, even while off, never indexed. */
  async previewLink(slug: string): Promise<PreviewResult> {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + PREVIEW_HOURS * 3_600_000);
    const rows = await returningRows<{ path: string }>(
      this.ds,
      `UPDATE campaign SET preview_token_hash = $2, preview_expires_at = $3 WHERE slug = $1 RETURNING path`,
      [slug, hash(token), expiresAt],
    );
    if (!rows[0]) return notFoundResult(MISSING);
    return { __typename: 'CampaignPreviewLink', url: `${rows[0].path}?${CAMPAIGN_PREVIEW_PARAM}=${token}`, expiresAt };
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
