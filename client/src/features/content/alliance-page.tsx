import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../lib/contact-info';
import { BRAND } from '#shared/shop.js';
import { ContentLayout, type ContentSection } from './content-layout';

interface Partner {
  name: string;
  /** Sentence fragment describing the partner in general, courteous terms. */
  intro: string;
}

const LAIKA: Partner = {
  name: 'Laika',
  intro:
    'Laika es una tienda para mascotas con la que compartimos las ganas de hacer más fácil y feliz la vida de quienes conviven con perros y gatos',
};

const KUMPET: Partner = {
  name: 'Kumpet',
  intro:
    'Kumpet es un aliado dedicado al bienestar de las mascotas y de sus familias, con quien compartimos el gusto por los productos bien hechos',
};

const PUPPIS: Partner = {
  name: 'Puppis',
  intro:
    'Puppis es una tienda especializada en mascotas con la que compartimos el compromiso de ofrecer productos de calidad para perros y gatos',
};

function buildSections(partner: Partner): ContentSection[] {
  return [
    {
      id: 'alianza',
      heading: 'Sobre la alianza',
      body: (
        <>
          <p>
            {partner.intro}. Gracias a esta alianza, una selección de accesorios {BRAND} está disponible a través de los
            canales de venta de {partner.name}, para que tengas más opciones de encontrar nuestros productos cerca de
            ti.
          </p>
          <p>
            Los productos son los mismos que vendemos en nuestra tienda: diseñados por {BRAND} y confeccionados por
            artesanos colombianos.
          </p>
        </>
      ),
    },
    {
      id: 'beneficios',
      heading: 'Beneficios para ti',
      body: (
        <ul>
          <li>Más lugares y canales para comprar productos {BRAND} originales.</li>
          <li>
            La misma garantía legal de nuestros productos, sin importar si los compraste con {partner.name} o con
            nosotros.
          </li>
          <li>
            Acompañamiento de nuestro equipo para resolver dudas sobre tallas, materiales y cuidado de los productos.
          </li>
        </ul>
      ),
    },
    {
      id: 'como-comprar',
      heading: `Cómo comprar con ${partner.name}`,
      body: (
        <p>
          Busca la marca {BRAND} en los canales de {partner.name}. Los precios, promociones, disponibilidad y
          condiciones de envío de esas compras los define {partner.name}, y su equipo de atención te acompañará en el
          proceso de compra.
        </p>
      ),
    },
    {
      id: 'soporte',
      heading: '¿Necesitas ayuda?',
      body: (
        <p>
          Si tienes una pregunta sobre un producto {BRAND}, escríbenos a{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Para cambios, devoluciones o garantías de compras
          hechas a través de {partner.name}, comunícate primero con su canal de atención; si lo necesitas, te ayudamos a
          coordinar la solución. Consulta también nuestra <Link to="/PoliticaDevolucion">política de devoluciones</Link>
          .
        </p>
      ),
    },
  ];
}

function AlliancePage({ partner }: { partner: Partner }) {
  return (
    <ContentLayout
      title={`Alianza ${BRAND} y ${partner.name}`}
      lead={`${BRAND} y ${partner.name} se unen para que más perros y gatos de Colombia luzcan accesorios cómodos, seguros y hechos en el país.`}
      sections={buildSections(partner)}
    >
      <div className="content-page__actions">
        <Link className="content-page__button" to="/">
          Ver la tienda {BRAND}
        </Link>
      </div>
    </ContentLayout>
  );
}

export function AllianceLaikaPage() {
  return <AlliancePage partner={LAIKA} />;
}

export function AllianceKumpetPage() {
  return <AlliancePage partner={KUMPET} />;
}

export function AlliancePuppisPage() {
  return <AlliancePage partner={PUPPIS} />;
}
