import { Link } from 'react-router';
import { BRAND } from '#shared/shop.js';
import { ContentLayout, type ContentSection } from './content-layout';

const VALUES = [
  {
    name: 'Comodidad y seguridad primero',
    text: 'Cada collar, arnés y pechera se prueba en perros y gatos reales antes de salir a la venta. Usamos hebillas y herrajes resistentes, bordes suaves que no lastiman y costuras reforzadas donde más se hace fuerza.',
  },
  {
    name: 'Hecho en Colombia, con manos colombianas',
    text: 'Trabajamos con talleres familiares de confección y marroquinería de Cúcuta y Bogotá. Les pagamos precios justos y acordamos con ellos tiempos de producción que respetan su trabajo.',
  },
  {
    name: 'Estilo con personalidad',
    text: 'Creemos que tu mascota también se expresa con lo que lleva puesto. Por eso diseñamos colecciones propias, como Denim For Pets, y ediciones especiales como nuestra campaña de Halloween.',
  },
  {
    name: 'Bienestar animal',
    text: 'Apoyamos la adopción responsable y compartimos información de fundaciones y jornadas de adopción en nuestras redes. Enzo fue adoptado, y eso nos recuerda todos los días por qué hacemos esto.',
  },
  {
    name: 'Cercanía',
    text: 'Detrás de cada pedido hay personas reales. Si tienes una duda sobre tallas, materiales o tu envío, te respondemos nosotros mismos, sin robots.',
  },
] as const;

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'historia',
    heading: 'Todo empezó con Enzo',
    body: (
      <>
        <p>
          Enzo es un perro criollo de orejas grandes que llegó a nuestra casa en Cúcuta después de ser rescatado de la
          calle. Era curioso, inquieto y tenía un talento especial para escaparse de cualquier collar. Buscando uno que
          fuera cómodo, seguro y que además le quedara bonito, recorrimos tiendas y páginas sin encontrar lo que
          queríamos.
        </p>
        <p>
          Así que lo hicimos nosotros. Con la ayuda de una vecina modista y de un marroquinero del barrio diseñamos su
          primer collar y su primera pechera. Los amigos del parque empezaron a preguntar dónde los habíamos comprado, y
          lo que empezó como un favor se convirtió en una marca que hoy lleva su nombre.
        </p>
      </>
    ),
  },
  {
    id: 'artesanos',
    heading: 'Hecho por artesanos locales',
    body: (
      <>
        <p>
          Nuestros collares, correas, arneses, bandanas, pecheras y chaquetas se confeccionan en pequeños talleres
          colombianos. Cada pieza pasa por manos que cortan, cosen, remachan y revisan uno por uno los detalles: desde
          la resistencia de una argolla hasta el doblez de una bandana.
        </p>
        <p>
          Elegimos materiales pensados para el clima y el ritmo de vida de Colombia: telas que respiran, reatas que no
          se deshilachan con facilidad y denim de buena calidad para nuestras chaquetas <em>Denim For Pets</em>.
        </p>
      </>
    ),
  },
  {
    id: 'valores',
    heading: 'Lo que nos mueve',
    body: (
      <ul>
        {VALUES.map((value) => (
          <li key={value.name}>
            <strong>{value.name}.</strong> {value.text}
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'para-quien',
    heading: 'Para perros y gatos de todo el país',
    body: (
      <p>
        Enviamos a toda Colombia, desde las grandes ciudades hasta los municipios más apartados. Y si prefieres ver y
        tocar nuestros productos antes de comprarlos, puedes visitar a nuestros distribuidores oficiales en{' '}
        <Link to="/distribuidores-cucuta">Cúcuta</Link> y <Link to="/distribuidores-bogota">Bogotá</Link>.
      </p>
    ),
  },
];

export function AboutPage() {
  return (
    <ContentLayout
      title={`Nosotros: la historia de ${BRAND}`}
      lead={`${BRAND} es una marca colombiana de accesorios para perros y gatos que nació del amor por un perro con mucha personalidad.`}
      sections={SECTIONS}
    >
      <div className="content-page__actions">
        <Link className="content-page__button" to="/collares">
          Ver collares
        </Link>
        <Link className="content-page__button" to="/chaquetas">
          Conoce Denim For Pets
        </Link>
      </div>
    </ContentLayout>
  );
}
