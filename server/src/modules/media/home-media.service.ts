import type { DataSource } from 'typeorm';
import { MediaAssetEntity } from './media-asset.entity.js';

export const HOME_TILE_CATEGORIES = ['chaquetas', 'bandanas', 'pecheras', 'arneses', 'collares', 'correas'] as const;

export interface ImageView {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface HomeMediaView {
  desktopBanners: ImageView[];
  mobileBanners: ImageView[];
  promoVideoUrl: string;
  promoVideoPoster: ImageView;
  tiles: { categorySlug: string; image: ImageView }[];
  backpackBanner: ImageView;
  chestHarnessPromo: ImageView;
  denimStory: ImageView;
  logo: ImageView;
}

/** Reads the home page media that the seed stored through the MediaStore. */
export class HomeMediaService {
  constructor(private readonly ds: DataSource) {}

  async get(): Promise<HomeMediaView> {
    const assets = await this.ds.getRepository(MediaAssetEntity).createQueryBuilder('m').where("m.storageKey LIKE 'home/%'").getMany();
    const byKey = new Map(assets.map((a) => [a.storageKey, a]));
    const image = (key: string): ImageView => {
      const a = byKey.get(key);
      if (!a) throw new Error(`Falta el archivo ${key} en el almacén de medios (¿se ejecutó el seed?)`);
      return { url: a.url, alt: a.alt, width: a.width, height: a.height };
    };
    const series = (prefix: string) =>
      assets
        .filter((a) => a.storageKey.startsWith(prefix))
        .sort((a, b) => a.storageKey.localeCompare(b.storageKey))
        .map((a) => image(a.storageKey));
    return {
      desktopBanners: series('home/banner-desktop-'),
      mobileBanners: series('home/banner-mobile-'),
      promoVideoUrl: image('home/promo-video.mp4').url,
      promoVideoPoster: image('home/promo-video-poster.svg'),
      tiles: HOME_TILE_CATEGORIES.map((slug) => ({ categorySlug: slug, image: image(`home/tile-${slug}.svg`) })),
      backpackBanner: image('home/banner-pecheras-backpack.svg'),
      chestHarnessPromo: image('home/promo-pecheras.svg'),
      denimStory: image('home/denim-story.svg'),
      logo: image('home/logo.svg'),
    };
  }
}
