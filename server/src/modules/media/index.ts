// Media: where files live (local folder or Firebase Storage) and the home page's media.
export type { MediaStore } from './media-store.js';
export { LocalMediaStore } from './local-media-store.js';
export { HomeMediaService } from './home-media.service.js';
export { MediaAssetEntity } from './media-asset.entity.js';
export { createMediaResolvers } from './media.resolvers.js';
export { createImageVariants, srcSetOf, VARIANT_WIDTHS, type ImageVariant } from './image-variants.js';
