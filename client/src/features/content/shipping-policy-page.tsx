import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../lib/contact-info';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from '#shared/shop.js';
import { formatCop } from '#shared/money.js';
import { ContentLayout, type ContentSection } from './content-layout';

const DELIVERY_TIMES = [
  {
    zone: 'Ciudades principales',
    examples: 'Bogotá, Medellín, Cali, Barranquilla, Cartagena, Bucaramanga, Cúcuta, Pereira',
    time: '2 a 4 días hábiles',
  },
  {
    zone: 'Municipios intermedios',
    examples: 'Cabeceras municipales y ciudades intermedias',
    time: '4 a 7 días hábiles',
  },
  {
    zone: 'Zonas rurales o apartadas',
    examples: 'Veredas, corregimientos y destinos de difícil acceso',
    time: 'Hasta 10 días hábiles',
  },
] as const;

export interface ShippingPolicyPageProps {
  /** Merchandise subtotal (COP) from which shipping is free. */
  freeShippingThreshold?: number;
  /** Flat shipping fee (COP) below the threshold. */
  shippingFee?: number;
}

function buildSections(threshold: string, fee: string): ContentSection[] {
  return [
    {
      id: 'cobertura',
      heading: 'Cobertura',
      body: (
        <p>
          Enviamos a todos los departamentos y municipios de Colombia a través de empresas
          transportadoras nacionales. Si tu dirección está en una zona sin cobertura directa, el
          pedido se entrega en la oficina de la transportadora más cercana y te avisamos antes.
        </p>
      ),
    },
    {
      id: 'costo',
      heading: 'Costo del envío',
      body: (
        <ul>
          <li>
            <strong>Envío gratis</strong> en compras desde {threshold} (valor de los productos
            después de aplicar descuentos).
          </li>
          <li>
            En compras por debajo de {threshold}, el envío tiene un valor fijo de{' '}
            <strong>{fee}</strong> a cualquier destino del país.
          </li>
        </ul>
      ),
    },
    {
      id: 'despacho',
      heading: 'Despacho',
      body: (
        <p>
          Preparamos y despachamos tu pedido dentro de 1 a 2 días hábiles después de la confirmación
          del pago. Los pedidos confirmados sábados, domingos o festivos se despachan el siguiente
          día hábil.
        </p>
      ),
    },
    {
      id: 'tiempos',
      heading: 'Tiempos de entrega',
      body: (
        <>
          <table className="content-page__table">
            <caption className="content-page__meta">
              Tiempos estimados contados desde el despacho
            </caption>
            <thead>
              <tr>
                <th scope="col">Destino</th>
                <th scope="col">Tiempo estimado</th>
              </tr>
            </thead>
            <tbody>
              {DELIVERY_TIMES.map((row) => (
                <tr key={row.zone}>
                  <th scope="row">
                    {row.zone}
                    <br />
                    <small>{row.examples}</small>
                  </th>
                  <td>{row.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            En temporadas de alta demanda, como Black Friday y diciembre, o ante cierres de vías y
            situaciones de orden público, los tiempos pueden extenderse. Si eso ocurre, te lo
            informamos por correo.
          </p>
        </>
      ),
    },
    {
      id: 'seguimiento',
      heading: 'Seguimiento de tu pedido',
      body: (
        <p>
          Cuando despachamos tu pedido te enviamos por correo electrónico el nombre de la
          transportadora y el número de guía, con el que puedes rastrear el envío en la página de la
          transportadora.
        </p>
      ),
    },
    {
      id: 'recepcion',
      heading: 'Al recibir tu pedido',
      body: (
        <p>
          Revisa que el empaque llegue cerrado y en buen estado. Si notas daños, déjalo anotado en
          la guía de la transportadora y escríbenos a{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> dentro de las 48 horas siguientes
          con fotos del paquete. Si la dirección que registraste es incorrecta o incompleta y el
          paquete regresa, el nuevo envío tendrá el costo indicado arriba. Conoce también nuestra{' '}
          <Link to="/PoliticaDevolucion">política de devoluciones</Link>.
        </p>
      ),
    },
  ];
}

export function ShippingPolicyPage({
  freeShippingThreshold = FREE_SHIPPING_THRESHOLD,
  shippingFee = SHIPPING_FEE,
}: ShippingPolicyPageProps) {
  const threshold = formatCop(freeShippingThreshold);
  const fee = formatCop(shippingFee);
  return (
    <ContentLayout
      title="Política de envíos"
      lead={`Llevamos los accesorios de tu mascota a cualquier lugar de Colombia. El envío es gratis en compras desde ${threshold}.`}
      sections={buildSections(threshold, fee)}
    />
  );
}
