import { openFields } from '../../common/access.js';
import type { Resolvers } from '../../generated/graphql.js';
import type { HomeMediaService } from './home-media.service.js';

/** Thin: the home page's banners, tiles and video. */
export function createMediaResolvers(homeMedia: HomeMediaService): Resolvers {
  return {
    Query: openFields({
      homeMedia: () => homeMedia.get(),
    }),
  };
}
