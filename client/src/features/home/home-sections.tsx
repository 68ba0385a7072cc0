import { Link } from 'react-router';
import { categoryPath } from '#shared/storefront-routes.js';
import type { HomeImageFragment } from './home.generated';

const CATEGORY_LABELS: Record<string, string> = {
  chaquetas: 'Chaquetas',
  bandanas: 'Bandanas',
  pecheras: 'Pecheras',
  arneses: 'Arneses',
  collares: 'Collares',
  correas: 'Correas',
};

const VALUES = [
  {
    title: 'Resalta el estilo de tu mascota',
    text: 'Diseños con carácter para que tu perro o gato luzca único en cada paseo.',
  },
  {
    title: 'Moda personalizada',
    text: 'Elige colores, tallas y estampados pensados para su tamaño y su personalidad.',
  },
  {
    title: 'Lo hacemos diferente',
    text: 'Confeccionamos en Colombia con materiales resistentes y terminaciones a mano.',
  },
];

export function ValueStatements() {
  return (
    <section className="home-values" aria-labelledby="home-values-title">
      <h2 id="home-values-title" className="visually-hidden">
        Por qué Enzo
      </h2>
      <ul>
        {VALUES.map((v) => (
          <li key={v.title}>
            <h3>{v.title}</h3>
            <p>{v.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CategoryTiles({
  tiles,
  slugs,
  title,
  className,
}: {
  tiles: { categorySlug: string; image: HomeImageFragment }[];
  slugs: string[];
  title: string;
  className: string;
}) {
  const shown = slugs.map((slug) => tiles.find((t) => t.categorySlug === slug)).filter((t) => t !== undefined);
  return (
    <section className={`home-tiles ${className}`} aria-label={title}>
      <h2 className="home-section-title">{title}</h2>
      <ul>
        {shown.map((tile) => (
          <li key={tile.categorySlug}>
            <Link to={categoryPath(tile.categorySlug)} className="home-tile">
              <img
                src={tile.image.url}
                alt=""
                width={tile.image.width}
                height={tile.image.height}
                loading="lazy"
                decoding="async"
              />
              <span className="home-tile__label">{CATEGORY_LABELS[tile.categorySlug] ?? tile.categorySlug}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Testimonial() {
  return (
    <section className="home-testimonial" aria-labelledby="home-testimonial-title">
      <h2 id="home-testimonial-title" className="home-section-title">
        Lo que dicen nuestros clientes
      </h2>
      <figure>
        <blockquote>
          <p>
            “Compré la pechera backpack para Lola y ahora salimos a caminar por el Malecón con sus bolsitas y su agua.
            Le quedó perfecta y llegó a Bucaramanga en dos días.”
          </p>
        </blockquote>
        <figcaption>Valentina R., mamá de Lola (criolla de 3 años)</figcaption>
      </figure>
    </section>
  );
}
