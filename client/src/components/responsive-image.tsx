export interface ResponsiveImageData {
  url: string;
  width: number;
  height: number;
  /** WebP copies (`url 640w, …`) of an uploaded photo; absent for vector artwork. */
  srcSet?: string | null;
  /** The same widths as JPEG. */
  fallbackSrcSet?: string | null;
}

/**
 * How a picture loads: the first pictures of a page (`first`) at once, and marked for Element Timing so the
 * browser reports their paint (the page's first script, client/src/start/page-start.ts, waits for it before fetching the app's
 * code); the rest when they near the screen.
 */
export function loadingOf(first: boolean) {
  return first ? ({ loading: 'eager', elementtiming: 'first-picture' } as const) : ({ loading: 'lazy' } as const);
}

interface ResponsiveImageProps {
  image: ResponsiveImageData;
  alt: string;
  /** How wide the picture is shown (`sizes`), so a phone fetches the copy of its width. */
  sizes: string;
  /** The page's largest picture: fetched first and at high priority; the others wait until near the screen. */
  priority?: boolean;
  /** Loaded at once without raising its priority (the first cards of a listing). */
  eager?: boolean;
}

/**
 * A picture with its intrinsic size (no layout shift): uploaded photos as WebP in the width the screen needs,
 * JPEG for browsers without WebP; SVG artwork as it is.
 */
export function ResponsiveImage({ image, alt, sizes, priority, eager }: ResponsiveImageProps) {
  const img = (
    <img
      src={image.url}
      srcSet={image.fallbackSrcSet ?? undefined}
      sizes={image.fallbackSrcSet ? sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      {...loadingOf(Boolean(priority || eager))}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!image.srcSet) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
