import type { DataSource } from 'typeorm';
import type { Env } from '../config/env.js';
import type { MediaStore } from '../modules/media/media-store.js';
import { CatalogService } from '../modules/catalog/catalog.service.js';
import { HomeMediaService } from '../modules/media/home-media.service.js';

/** Long-lived services, built once at start-up and shared by every request. */
export interface Services {
  env: Env;
  ds: DataSource;
  media: MediaStore;
  catalog: CatalogService;
  homeMedia: HomeMediaService;
}

export function createServices(env: Env, ds: DataSource, media: MediaStore): Services {
  return {
    env,
    ds,
    media,
    catalog: new CatalogService(ds),
    homeMedia: new HomeMediaService(ds),
  };
}
