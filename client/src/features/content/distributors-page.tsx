import { Link } from 'react-router';
import { SUPPORT_EMAIL, WHATSAPP_DISPLAY, whatsappUrl } from '../../lib/contact-info';
import { BRAND } from '#shared/shop.js';
import { ContentLayout } from './content-layout';

interface Distributor {
  name: string;
  street: string;
  neighbourhood: string;
  city: string;
  hours: readonly string[];
  /** International format without "+", for wa.me links. */
  whatsapp: string;
  whatsappDisplay: string;
}

const CUCUTA: readonly Distributor[] = [
  {
    name: 'Huellitas Pet Boutique',
    street: 'Av. 0 # 14-32, local 2',
    neighbourhood: 'Barrio Caobos',
    city: 'Cúcuta, Norte de Santander',
    hours: ['Lunes a sábado: 9:00 a. m. a 7:00 p. m.', 'Domingos y festivos: 10:00 a. m. a 2:00 p. m.'],
    whatsapp: '573176203418',
    whatsappDisplay: '+57 317 620 3418',
  },
  {
    name: 'Mundo Peludo Cúcuta',
    street: 'Calle 16 # 1E-45',
    neighbourhood: 'Barrio La Riviera',
    city: 'Cúcuta, Norte de Santander',
    hours: ['Lunes a viernes: 8:30 a. m. a 6:30 p. m.', 'Sábados: 9:00 a. m. a 5:00 p. m.'],
    whatsapp: '573008457129',
    whatsappDisplay: '+57 300 845 7129',
  },
];

const BOGOTA: readonly Distributor[] = [
  {
    name: 'Café & Colitas',
    street: 'Cra. 9 # 60-21',
    neighbourhood: 'Chapinero',
    city: 'Bogotá D. C.',
    hours: ['Martes a domingo: 10:00 a. m. a 8:00 p. m.', 'Lunes: cerrado'],
    whatsapp: '573214561870',
    whatsappDisplay: '+57 321 456 1870',
  },
  {
    name: 'Tienda Patas Usaquén',
    street: 'Calle 119 # 6-14, local 103',
    neighbourhood: 'Usaquén',
    city: 'Bogotá D. C.',
    hours: ['Lunes a sábado: 10:00 a. m. a 7:00 p. m.', 'Domingos y festivos: 10:00 a. m. a 5:00 p. m.'],
    whatsapp: '573115093624',
    whatsappDisplay: '+57 311 509 3624',
  },
  {
    name: 'Animalia Cedritos',
    street: 'Calle 147 # 17-38',
    neighbourhood: 'Cedritos',
    city: 'Bogotá D. C.',
    hours: ['Lunes a sábado: 9:00 a. m. a 7:30 p. m.', 'Domingos: 10:00 a. m. a 4:00 p. m.'],
    whatsapp: '573057782216',
    whatsappDisplay: '+57 305 778 2216',
  },
];

function mapsUrl(store: Distributor): string {
  const query = `${store.street}, ${store.neighbourhood}, ${store.city}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

function DistributorCard({ store }: { store: Distributor }) {
  return (
    <li className="content-page__card">
      <h3>{store.name}</h3>
      <dl>
        <dt>Dirección</dt>
        <dd>
          <address>
            {store.street}
            <br />
            {store.neighbourhood}, {store.city}
          </address>
          <a href={mapsUrl(store)} target="_blank" rel="noopener noreferrer">
            Cómo llegar<span className="content-page__sr-only"> a {store.name} (se abre en otra pestaña)</span>
          </a>
        </dd>
        <dt>Horario</dt>
        <dd>
          {store.hours.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </dd>
        <dt>WhatsApp</dt>
        <dd>
          <a
            href={whatsappUrl(store.whatsapp)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Escribir por WhatsApp a ${store.name}: ${store.whatsappDisplay}`}
          >
            {store.whatsappDisplay}
          </a>
        </dd>
      </dl>
    </li>
  );
}

function DistributorsPage({ city, stores }: { city: string; stores: readonly Distributor[] }) {
  return (
    <ContentLayout
      title={`Distribuidores oficiales en ${city}`}
      lead={`Encuentra productos ${BRAND} originales en estas tiendas aliadas de ${city}. Allí puedes ver los materiales, probarle la talla a tu mascota y comprar con la misma garantía de nuestra tienda en línea.`}
      sections={[
        {
          id: 'tiendas',
          heading: `Tiendas en ${city}`,
          body: (
            <ul className="content-page__cards">
              {stores.map((store) => (
                <DistributorCard key={store.name} store={store} />
              ))}
            </ul>
          ),
        },
        {
          id: 'autenticidad',
          heading: 'Verifica que tu producto sea original',
          body: (
            <div className="content-page__note">
              <p>
                Los productos {BRAND} originales llevan una etiqueta tejida con nuestro logo y se venden únicamente en
                nuestra tienda en línea, con nuestros aliados y en los distribuidores de esta lista. Si una tienda que
                no aparece aquí ofrece productos {BRAND}, escríbenos antes de comprar a{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> o por WhatsApp al{' '}
                <a href={whatsappUrl()}>{WHATSAPP_DISPLAY}</a> y te confirmamos si es un distribuidor autorizado.
              </p>
            </div>
          ),
        },
      ]}
    >
      <p>
        ¿Prefieres comprar desde casa? Enviamos a toda Colombia: revisa nuestra{' '}
        <Link to="/PoliticaEnvios">política de envíos</Link>.
      </p>
    </ContentLayout>
  );
}

export function DistributorsCucutaPage() {
  return <DistributorsPage city="Cúcuta" stores={CUCUTA} />;
}

export function DistributorsBogotaPage() {
  return <DistributorsPage city="Bogotá" stores={BOGOTA} />;
}
