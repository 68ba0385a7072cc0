// Media: where files live (local folder or Firebase Storage), checked uploads and the home page's media.
export { MediaWriteLog, type MediaStore } from './media-store.js';
export { LocalMediaStore } from './local-media-store.js';
export { HomeMediaService } from './home-media.service.js';
export { recordMediaAsset, type MediaAssetRecord } from './media-library.js';
export { MediaAssetEntity } from './media-asset.entity.js';
export { createMediaResolvers } from './media.resolvers.js';
export { MAX_IMAGE_BASE64_CHARS } from './image-info.js';
export { sanitizeSvg } from './svg-sanitizer.js';
export { checkImageUpload, imageWork, uploadKey, type DecodedImage } from './image-upload.js';
export type { ImageView } from './home-media.service.js';
export {
  createImageVariants,
  rasterizeSvg,
  storeImageVariants,
  srcSetOf,
  VARIANT_WIDTHS,
  type ImageVariant,
} from './image-variants.js';
export {
  fetchRemoteImage,
  isPrivateAddress,
  storeRemoteImage,
  type RemoteImage,
  type RemoteImageOptions,
} from './remote-image.js';
