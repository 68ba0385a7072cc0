import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import {
  RETRACTO_BUSINESS_DAYS,
  RETRACTO_REFUND_DAYS,
  REVERSION_BUSINESS_DAYS,
  WARRANTY_MONTHS,
} from '#shared/returns.js';
import { SUPPORT_EMAIL, WHATSAPP_DISPLAY, whatsappUrl } from '../../lib/contact-info';
import { ContentLayout, type ContentSection } from './content-layout';

const ORDER_PAGE_STEP = (
  <>
    desde la página de tu pedido (el enlace está en todos los correos de tu pedido), en la sección{' '}
    <strong>«Devoluciones y garantía»</strong>
  </>
);

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'retracto',
    heading: 'Derecho de retracto',
    body: (
      <>
        <p>
          Como compraste a distancia, en nuestra tienda en línea, tienes derecho a retractarte de la compra dentro de
          los <strong>{RETRACTO_BUSINESS_DAYS} días hábiles</strong> siguientes a la entrega del producto, según el
          artículo 47 de la Ley 1480 de 2011 (Estatuto del Consumidor). Son días hábiles de lunes a viernes,{' '}
          <strong>sin contar los festivos de Colombia</strong>, contados desde el día en que la transportadora entrega
          tu pedido. No necesitas explicar el motivo. En la página de tu pedido verás la fecha exacta: «Puedes
          retractarte hasta el…».
        </p>
        <p>
          Puedes retractarte de todo el pedido o solo de algunos productos y unidades. Te devolvemos lo que pagaste por
          ellos: su precio menos la parte del código de descuento que les correspondió. Si devuelves todo el pedido, te
          devolvemos todo lo que pagaste, envío incluido. El dinero te llega a más tardar{' '}
          <strong>{RETRACTO_REFUND_DAYS} días calendario</strong> después de tu solicitud, cuando recibamos los
          productos. Los costos de transporte de la devolución corren por tu cuenta, como lo prevé la ley.
        </p>
        <p>
          El retracto no aplica a productos confeccionados según tus especificaciones o claramente personalizados, por
          ejemplo collares o placas con el nombre de tu mascota. Si tu mascota necesita otra talla, ejerce el retracto y
          haz un pedido nuevo con la talla correcta.
        </p>
      </>
    ),
  },
  {
    id: 'reversion',
    heading: 'Reversión del pago',
    body: (
      <>
        <p>
          Si pagaste con tarjeta débito, tarjeta crédito o PSE, el artículo 51 de la Ley 1480 de 2011 te permite
          solicitar la reversión del pago cuando:
        </p>
        <ul>
          <li>Fuiste víctima de fraude o la compra corresponde a una operación no solicitada.</li>
          <li>No recibiste el producto que compraste.</li>
          <li>El producto entregado no corresponde a lo solicitado o es defectuoso.</li>
        </ul>
        <p>
          Pídela {ORDER_PAGE_STEP}, dentro de los cinco (5) días hábiles siguientes a la fecha en que conociste la
          operación o en que debiste recibir el producto, y avisa al banco o emisor del medio de pago. La reversión es
          de <strong>todo el pago del pedido</strong> y se puede pedir una vez por pedido. Si la aceptamos, revertimos
          el pago a más tardar <strong>{REVERSION_BUSINESS_DAYS} días hábiles</strong> después de tu solicitud: si
          pagaste con tarjeta anulamos el cobro en la pasarela de pagos; en los demás casos te hacemos una transferencia
          bancaria y te enviamos su referencia. Si aplica, deberás devolvernos el producto en las mismas condiciones en
          que lo recibiste.
        </p>
      </>
    ),
  },
  {
    id: 'garantia',
    heading: 'Garantía legal',
    body: (
      <>
        <p>
          Todos nuestros productos tienen garantía legal de calidad, idoneidad y seguridad por{' '}
          <strong>{WARRANTY_MONTHS} meses</strong> contados desde la entrega. Si un producto presenta un defecto de
          fabricación (costuras que se abren, herrajes o hebillas que fallan, broches que no cierran), lo reparamos sin
          costo; si la reparación no es posible o el defecto se repite, lo cambiamos por uno igual o te devolvemos el
          dinero, a más tardar {RETRACTO_REFUND_DAYS} días calendario después de tu solicitud.
        </p>
        <p>
          <strong>Cómo pedirla:</strong> {ORDER_PAGE_STEP}, elige «Garantía», los productos y las unidades con el
          defecto, y cuéntanos qué pasó. En la página de tu pedido verás hasta qué fecha va tu garantía y cómo avanza tu
          solicitud.
        </p>
        <p>
          La garantía no cubre el desgaste natural por uso, ni daños por uso indebido, como mordidas, rasguños o lavados
          que no sigan las instrucciones de cuidado de la etiqueta.
        </p>
      </>
    ),
  },
  {
    id: 'condiciones',
    heading: 'Condiciones del producto',
    body: (
      <>
        <p>Para aceptar un retracto, el producto debe:</p>
        <ul>
          <li>Estar sin usar, sin lavar y en perfecto estado.</li>
          <li>Conservar sus etiquetas originales y, si lo tenía, su empaque.</li>
          <li>Estar libre de pelo, olores o marcas de uso por parte de la mascota.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'como-solicitar',
    heading: 'Cómo solicitar un retracto, una garantía o una reversión',
    body: (
      <ol>
        <li>
          Entra {ORDER_PAGE_STEP}. Elige qué necesitas (retracto, garantía o reversión del pago), los productos y las
          unidades, y cuéntanos el motivo. Si no tienes el enlace, busca tu pedido en{' '}
          <Link to={PAGE_PATHS.orderLookup}>Consulta tu pedido</Link> o escríbenos a{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> o por WhatsApp al{' '}
          <a href={whatsappUrl()}>{WHATSAPP_DISPLAY}</a> con la referencia de tu pedido (por ejemplo, ENZ-7K3Q9D).
        </li>
        <li>Te confirmamos por correo que recibimos tu solicitud y la fecha límite para devolverte el dinero.</li>
        <li>
          Revisamos la solicitud y te respondemos por correo: si la aceptamos, con las instrucciones para enviarnos los
          productos; si no, con el motivo.
        </li>
        <li>
          Cuando recibimos los productos te avisamos, y te avisamos de nuevo cuando hacemos el reembolso, con su
          referencia.
        </li>
      </ol>
    ),
  },
  {
    id: 'costos-envio',
    heading: '¿Quién paga el envío de la devolución?',
    body: (
      <ul>
        <li>
          <strong>Retracto:</strong> el envío de regreso lo pagas tú.
        </li>
        <li>
          <strong>Garantía o error nuestro</strong> (producto defectuoso, talla o referencia distinta a la que pediste):
          Enzo asume todos los costos de envío, de ida y de regreso.
        </li>
      </ul>
    ),
  },
  {
    id: 'reembolso',
    heading: 'Reembolso del dinero',
    body: (
      <ul>
        <li>
          <strong>Retracto y garantía:</strong> a más tardar {RETRACTO_REFUND_DAYS} días calendario contados desde tu
          solicitud.
        </li>
        <li>
          <strong>Reversión del pago:</strong> a más tardar {REVERSION_BUSINESS_DAYS} días hábiles contados desde tu
          solicitud.
        </li>
        <li>
          Si pagaste con tarjeta y devuelves todo el pedido, anulamos el cobro en la pasarela de pagos; si no (PSE, o
          una devolución parcial), te hacemos una transferencia bancaria y te enviamos su referencia por correo. El
          tiempo en que el dinero se ve en tu tarjeta o cuenta depende de tu banco.
        </li>
      </ul>
    ),
  },
];

export function ReturnsPolicyPage() {
  return (
    <ContentLayout
      title="Política de devoluciones y garantías"
      lead="Queremos que tu mascota disfrute cada producto Enzo. Si algo no salió como esperabas, aquí te explicamos tus derechos según la Ley 1480 de 2011 y cómo pedir un retracto, una garantía o la reversión del pago."
      sections={SECTIONS}
    />
  );
}
