import { SUPPORT_EMAIL, WHATSAPP_DISPLAY, whatsappUrl } from '../../lib/contact-info';
import { ContentLayout, type ContentSection } from './content-layout';

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'retracto',
    heading: 'Derecho de retracto',
    body: (
      <>
        <p>
          Como compraste a distancia, en nuestra tienda en línea, tienes derecho a retractarte de la
          compra dentro de los <strong>cinco (5) días hábiles</strong> siguientes a la entrega del
          producto, según el artículo 47 de la Ley 1480 de 2011 (Estatuto del Consumidor). No
          necesitas explicar el motivo.
        </p>
        <p>
          Al ejercer el retracto te devolvemos todas las sumas pagadas, sin descuentos ni
          retenciones. Los costos de transporte de la devolución corren por tu cuenta, como lo prevé
          la ley.
        </p>
        <p>
          El retracto no aplica a productos confeccionados según tus especificaciones o claramente
          personalizados, por ejemplo collares o placas con el nombre de tu mascota.
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
          Si pagaste con tarjeta débito, tarjeta crédito o PSE, el artículo 51 de la Ley 1480 de
          2011 te permite solicitar la reversión del pago cuando:
        </p>
        <ul>
          <li>Fuiste víctima de fraude o la compra corresponde a una operación no solicitada.</li>
          <li>No recibiste el producto que compraste.</li>
          <li>El producto entregado no corresponde a lo solicitado o es defectuoso.</li>
        </ul>
        <p>
          Debes presentar la queja ante Enzo dentro de los cinco (5) días hábiles siguientes a la
          fecha en que conociste la operación o en que debiste recibir el producto, y avisar al
          banco o emisor del medio de pago. Si aplica, deberás devolvernos el producto en las mismas
          condiciones en que lo recibiste.
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
          <strong>seis (6) meses</strong> contados desde la entrega. Si un producto presenta un
          defecto de fabricación (costuras que se abren, herrajes o hebillas que fallan, broches que
          no cierran), lo reparamos sin costo; si la reparación no es posible o el defecto se
          repite, lo cambiamos por uno igual o te devolvemos el dinero.
        </p>
        <p>
          La garantía no cubre el desgaste natural por uso, ni daños por uso indebido, como mordidas,
          rasguños o lavados que no sigan las instrucciones de cuidado de la etiqueta.
        </p>
      </>
    ),
  },
  {
    id: 'condiciones',
    heading: 'Condiciones del producto',
    body: (
      <>
        <p>Para aceptar un retracto o un cambio, el producto debe:</p>
        <ul>
          <li>Estar sin usar, sin lavar y en perfecto estado.</li>
          <li>Conservar sus etiquetas originales y, si lo tenía, su empaque.</li>
          <li>Estar libre de pelo, olores o marcas de uso por parte de la mascota.</li>
        </ul>
        <p>
          Si tu mascota necesita otra talla, puedes solicitar un cambio dentro de los quince (15)
          días calendario siguientes a la entrega, sujeto a disponibilidad y cumpliendo estas mismas
          condiciones.
        </p>
      </>
    ),
  },
  {
    id: 'como-solicitar',
    heading: 'Cómo solicitar una devolución, cambio o garantía',
    body: (
      <ol>
        <li>
          Escríbenos a <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> o por WhatsApp al{' '}
          <a href={whatsappUrl()}>{WHATSAPP_DISPLAY}</a> con la referencia de tu pedido (por
          ejemplo, ENZ-7K3Q9D), el producto, el motivo y, en casos de garantía, fotos del defecto.
        </li>
        <li>
          En un plazo máximo de dos (2) días hábiles te respondemos con la dirección de envío y las
          instrucciones para empacar el producto.
        </li>
        <li>
          Cuando recibamos el producto lo revisamos y te confirmamos por correo si procede la
          devolución, el cambio o la reparación.
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
          <strong>Retracto o cambio de talla:</strong> el envío de regreso lo pagas tú. En los
          cambios, el nuevo envío hacia tu dirección también corre por tu cuenta.
        </li>
        <li>
          <strong>Garantía o error nuestro</strong> (producto defectuoso, talla o referencia
          distinta a la que pediste): Enzo asume todos los costos de envío, de ida y de regreso.
        </li>
      </ul>
    ),
  },
  {
    id: 'reembolso',
    heading: 'Reembolso del dinero',
    body: (
      <p>
        Cuando proceda una devolución de dinero, la haremos por el mismo medio de pago que usaste,
        en un plazo máximo de <strong>treinta (30) días calendario</strong> contados desde que
        ejerciste tu derecho. Ten en cuenta que el tiempo en que el dinero se ve reflejado en tu
        tarjeta o cuenta depende de tu banco.
      </p>
    ),
  },
];

export function ReturnsPolicyPage() {
  return (
    <ContentLayout
      title="Política de devoluciones, cambios y garantías"
      lead="Queremos que tu mascota disfrute cada producto Enzo. Si algo no salió como esperabas, aquí te explicamos tus derechos según la Ley 1480 de 2011 y cómo gestionar una devolución, un cambio o una garantía."
      sections={SECTIONS}
    />
  );
}
