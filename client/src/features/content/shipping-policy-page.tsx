import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../lib/contact-info';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import { useShopSettings } from '../../lib/public-layout-data';
import { formatCop } from '#shared/money.js';
import { ContentLayout, type ContentSection } from './content-layout';

/** What the policy needs from the shop settings staff edit (`shopSettings`). */
export interface ShippingTerms {
  /** Merchandise (after discount) from which shipping is free, COP. */
  freeShippingThreshold: number;
  /** The lowest fee any destination pays, COP («desde»). */
  shippingFee: number;
  /** Delivery time across Colombia, e.g. «1 a 8 días hábiles». */
  delivery: { label: string };
}

function buildSections(threshold: string, fee: string, delivery: string): ContentSection[] {
  return [
    {
      id: 'cobertura',
      heading: 'Cobertura',
      body: (
        <p>
          Enviamos a todos los departamentos y municipios de Colombia a través de empresas transportadoras nacionales.
          Si tu dirección está en una zona sin cobertura directa, el pedido se entrega en la oficina de la
          transportadora más cercana y te avisamos antes.
        </p>
      ),
    },
    {
      id: 'costo',
      heading: 'Costo del envío',
      body: (
        <ul>
          <li>
            <strong>Envío gratis</strong> en compras desde {threshold} (valor de los productos después de aplicar
            descuentos).
          </li>
          <li>
            En compras por debajo de {threshold}, el valor del envío depende del destino (departamento y municipio),{' '}
            <strong>desde {fee}</strong>. En el carrito lo verás como «desde»; el valor exacto aparece en el pago apenas
            eliges tu municipio, y es el que se cobra.
          </li>
        </ul>
      ),
    },
    {
      id: 'despacho',
      heading: 'Despacho',
      body: (
        <p>
          Preparamos y despachamos tu pedido después de la confirmación del pago; los pedidos confirmados sábados,
          domingos o festivos se preparan el siguiente día hábil. El tiempo de entrega de arriba ya incluye la
          preparación.
        </p>
      ),
    },
    {
      id: 'tiempos',
      heading: 'Tiempos de entrega',
      body: (
        <>
          <p>
            <strong>Entrega en {delivery} según tu municipio.</strong> Al elegir tu municipio en el pago te mostramos el
            tiempo de tu destino, y cuando se aprueba el pago, en la página de tu pedido y en el correo, las fechas
            entre las que llega. Los días se cuentan desde el día en que se aprueba el pago; son días hábiles: de lunes
            a viernes, sin contar los festivos de Colombia.
          </p>
          <p>
            En temporadas de alta demanda, como Black Friday y diciembre, o ante cierres de vías y situaciones de orden
            público, los tiempos pueden extenderse. Si eso ocurre, te lo informamos por correo.
          </p>
        </>
      ),
    },
    {
      id: 'seguimiento',
      heading: 'Seguimiento de tu pedido',
      body: (
        <p>
          Cuando despachamos tu pedido te enviamos por correo electrónico el nombre de la transportadora y el número de
          guía, con el enlace para rastrear el envío. También puedes verlo en{' '}
          <Link to={PAGE_PATHS.orderLookup}>Consulta tu pedido</Link> con el número de tu pedido y tu correo.
        </p>
      ),
    },
    {
      id: 'recepcion',
      heading: 'Al recibir tu pedido',
      body: (
        <p>
          Revisa que el empaque llegue cerrado y en buen estado. Si notas daños, déjalo anotado en la guía de la
          transportadora y escríbenos a <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> dentro de las 48 horas
          siguientes con fotos del paquete. Si la dirección que registraste es incorrecta o incompleta y el paquete
          regresa, el nuevo envío tendrá el costo de tu destino. Conoce también nuestra{' '}
          <Link to="/PoliticaDevolucion">política de devoluciones</Link>.
        </p>
      ),
    },
  ];
}

/** The policy with the settings staff set (free-shipping threshold, lowest fee, delivery time). */
export function ShippingPolicyContent({ terms }: { terms: ShippingTerms }) {
  const threshold = formatCop(terms.freeShippingThreshold);
  return (
    <ContentLayout
      title="Política de envíos"
      lead={`Llevamos los accesorios de tu mascota a cualquier lugar de Colombia. El envío es gratis en compras desde ${threshold}.`}
      sections={buildSections(threshold, formatCop(terms.shippingFee), terms.delivery.label)}
    />
  );
}

/** `/PoliticaEnvios`: reads the shop settings (never a hard-coded fee or threshold). */
export function ShippingPolicyPage() {
  const settings = useShopSettings();
  if (!settings) return <ContentLayout title="Política de envíos" lead="Cargando las tarifas de envío…" />;
  return <ShippingPolicyContent terms={settings} />;
}
