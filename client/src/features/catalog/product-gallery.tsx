import { useState } from 'react';
import { ResponsiveImage, type ResponsiveImageData } from '../../components/responsive-image';

type GalleryImage = ResponsiveImageData & { alt: string };

/** Main picture plus thumbnails (buttons) to switch it. */
export function ProductGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="product-gallery product-gallery--empty" aria-hidden="true" />;
  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        {/* The page's largest picture (LCP): full width on phones, half the layout on desktop. */}
        <ResponsiveImage
          key={current.url}
          image={current}
          alt={current.alt || name}
          sizes="(min-width: 900px) 50vw, 100vw"
          priority
        />
      </div>
      {images.length > 1 ? (
        <ul className="product-gallery__thumbs" aria-label="Fotos del producto">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                aria-label={`Ver foto ${i + 1} de ${images.length}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <ResponsiveImage image={{ ...image, width: 64, height: 64 }} alt="" sizes="64px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
