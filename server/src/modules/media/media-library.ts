import type { EntityManager } from 'typeorm';

/** A stored file as the media library lists it (slides and promotions point to it by `key`). */
export interface MediaAssetRecord {
  key: string;
  url: string;
  contentType: string;
  alt: string;
  width: number;
  height: number;
}

/** Records a stored file in the media library (`media_asset`), inside the caller's transaction. */
export async function recordMediaAsset(m: EntityManager, asset: MediaAssetRecord): Promise<void> {
  await m.query(
    `INSERT INTO media_asset (storage_key, url, content_type, alt, width, height) VALUES ($1, $2, $3, $4, $5, $6)`,
    [asset.key, asset.url, asset.contentType, asset.alt, asset.width, asset.height],
  );
}
