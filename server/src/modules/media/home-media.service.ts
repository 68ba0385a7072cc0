import type { DataSource } from 'typeorm';
import { MediaAssetEntity } from './media-asset.entity.js';

export const HOME_TILE_CATEGORIES = ['chaquetas', 'bandanas', 'pecheras', 'arneses', 'collares', 'correas'] as const;

export interface ImageView {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** The home page's fixed media; its slides and promo blocks come from the content module (HomeMedia field resolvers). */
export interface HomeMediaView {
  promoVideoUrl: string;
  promoVideoPoster: ImageView;
  tiles: { categorySlug: string; image: ImageView }[];
  logo: ImageView;
}

/** Reads the home page media that the seed stored through the MediaStore (category tiles, video, logo). */
export class HomeMediaService {
  constructor(private readonly ds: DataSource) {}

  async get(): Promise<HomeMediaView> {
    const assets = await this.ds
      .getRepository(MediaAssetEntity)
      .createQueryBuilder('m')
      .where(
        "m.storageKey LIKE 'home/tile-%' OR m.storageKey IN ('home/promo-video.mp4', 'home/promo-video-poster.svg', 'home/logo.svg')",
      )
      .getMany();
    const byKey = new Map(assets.map((a) => [a.storageKey, a]));
    const image = (key: string): ImageView => {
      const a = byKey.get(key);
      if (!a) throw new Error(`Falta el archivo ${key} en el almacén de medios (¿se ejecutó el seed?)`);
      return { url: a.url, alt: a.alt, width: a.width, height: a.height };
    };
    return {
      promoVideoUrl: image('home/promo-video.mp4').url,
      promoVideoPoster: image('home/promo-video-poster.svg'),
      tiles: HOME_TILE_CATEGORIES.map((slug) => ({ categorySlug: slug, image: image(`home/tile-${slug}.svg`) })),
      logo: image('home/logo.svg'),
    };
  }
}
