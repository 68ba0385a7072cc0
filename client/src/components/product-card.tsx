import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { ResponsiveImage, type ResponsiveImageData } from './responsive-image';
import './product-card.css';

export interface ProductCardProps {
  href: string;
  name: string;
  price: number;
  soldOut: boolean;
  image?: (ResponsiveImageData & { alt: string }) | null;
  /** The first cards of a listing are above the fold: load them eagerly. */
  eager?: boolean;
}

export function ProductCard({ href, name, price, soldOut, image, eager }: ProductCardProps) {
  return (
    <article className="product-card">
      <Link to={href} className="product-card__link">
        <div className="product-card__media">
          {image ? (
            // Two columns on phones, up to four on desktop (catalog.css).
            <ResponsiveImage image={image} alt={image.alt} sizes="(min-width: 900px) 25vw, 50vw" eager={eager} />
          ) : null}
          {soldOut ? <span className="product-card__badge">Agotado</span> : null}
        </div>
        <h3 className="product-card__name">{name}</h3>
        <p className="product-card__price">{formatCop(price)}</p>
      </Link>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media" />
      <div className="skeleton-line" />
      <div className="skeleton-line skeleton-line--short" />
    </div>
  );
}
