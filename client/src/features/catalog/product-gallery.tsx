import { useState } from 'react';

interface GalleryImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** Main picture plus thumbnails (buttons) to switch it. */
export function ProductGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="product-gallery product-gallery--empty" aria-hidden="true" />;
  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        <img src={current.url} alt={current.alt || name} width={current.width} height={current.height} fetchPriority="high" decoding="async" />
      </div>
      {images.length > 1 ? (
        <ul className="product-gallery__thumbs" aria-label="Fotos del producto">
          {images.map((image, i) => (
            <li key={image.url}>
              <button type="button" aria-label={`Ver foto ${i + 1} de ${images.length}`} aria-pressed={i === index} onClick={() => setIndex(i)}>
                <img src={image.url} alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
