import { DATA_PROTECTION_EMAIL, LEGAL_ADDRESS, LEGAL_NAME, WHATSAPP_DISPLAY } from '../../lib/contact-info';
import type { ContentSection } from './content-layout';

const dataMailto = `mailto:${DATA_PROTECTION_EMAIL}`;

export const DATA_POLICY_EFFECTIVE_DATE = '1 de febrero de 2026';

export const DATA_POLICY_SECTIONS: readonly ContentSection[] = [
  {
    id: 'responsable',
    heading: '1. Responsable del tratamiento',
    body: (
      <>
        <p>
          El responsable del tratamiento de tus datos personales es <strong>{LEGAL_NAME}</strong> (en adelante, «Enzo»),
          tienda en línea de accesorios para perros y gatos.
        </p>
        <address>
          Domicilio: {LEGAL_ADDRESS}
          <br />
          Correo electrónico: <a href={dataMailto}>{DATA_PROTECTION_EMAIL}</a>
          <br />
          Teléfono y WhatsApp: {WHATSAPP_DISPLAY}
        </address>
      </>
    ),
  },
  {
    id: 'marco-legal',
    heading: '2. Marco legal',
    body: (
      <p>
        Esta política se expide en cumplimiento de la Ley 1581 de 2012, por la cual se dictan disposiciones generales
        para la protección de datos personales, y del Decreto 1377 de 2013 (hoy compilado en el Decreto 1074 de 2015),
        que la reglamenta. Aplica a todos los datos personales que Enzo recolecta a través de su tienda en línea, sus
        canales de atención y sus redes sociales.
      </p>
    ),
  },
  {
    id: 'datos-recolectados',
    heading: '3. Datos que recolectamos',
    body: (
      <>
        <ul>
          <li>
            <strong>Identificación:</strong> nombres y apellidos, tipo y número de documento.
          </li>
          <li>
            <strong>Contacto y entrega:</strong> correo electrónico, número de celular, dirección, barrio, municipio y
            departamento.
          </li>
          <li>
            <strong>Transacción:</strong> productos comprados, tallas, valores pagados, referencia del pedido y estado
            del pago.
          </li>
        </ul>
        <p>
          Enzo no almacena los datos completos de tus tarjetas débito o crédito ni tus claves de PSE: los pagos son
          procesados directamente por nuestra pasarela de pagos. No solicitamos datos sensibles ni datos de niños, niñas
          o adolescentes.
        </p>
      </>
    ),
  },
  {
    id: 'finalidades',
    heading: '4. Finalidades del tratamiento',
    body: (
      <>
        <p>Usamos tus datos personales únicamente para:</p>
        <ol>
          <li>Gestionar tus pedidos: registrarlos, confirmarlos y mantenerte informado de su estado.</li>
          <li>Coordinar los envíos con las empresas transportadoras y entregarte el número de guía.</li>
          <li>Procesar y verificar los pagos, reversiones y devoluciones de dinero.</li>
          <li>Brindarte atención al cliente y resolver solicitudes de cambios, devoluciones y garantías.</li>
          <li>Expedir la factura electrónica y cumplir obligaciones contables y tributarias.</li>
          <li>
            Enviarte comunicaciones comerciales, novedades y promociones, solo si nos has dado tu autorización previa y
            expresa para ello. Puedes retirarla en cualquier momento.
          </li>
          <li>Prevenir fraudes y atender requerimientos de autoridades competentes.</li>
        </ol>
      </>
    ),
  },
  {
    id: 'encargados',
    heading: '5. Transmisión a terceros',
    body: (
      <p>
        Para cumplir las finalidades anteriores compartimos los datos estrictamente necesarios con encargados del
        tratamiento: empresas transportadoras, la pasarela de pagos, el proveedor de facturación electrónica y
        proveedores de infraestructura tecnológica, algunos de los cuales pueden estar ubicados fuera de Colombia. Con
        todos ellos suscribimos acuerdos que les exigen proteger tu información y usarla solo para el servicio
        contratado. Enzo no vende ni alquila tus datos personales.
      </p>
    ),
  },
  {
    id: 'derechos',
    heading: '6. Derechos del titular',
    body: (
      <>
        <p>Como titular de los datos, de acuerdo con el artículo 8 de la Ley 1581 de 2012, puedes:</p>
        <ul>
          <li>Conocer, actualizar y rectificar tus datos personales.</li>
          <li>Solicitar prueba de la autorización que nos otorgaste.</li>
          <li>Ser informado, previa solicitud, sobre el uso que le hemos dado a tus datos.</li>
          <li>
            Revocar la autorización y solicitar la supresión de tus datos cuando no exista un deber legal o contractual
            de conservarlos.
          </li>
          <li>
            Presentar quejas ante la Superintendencia de Industria y Comercio, una vez agotado el trámite de consulta o
            reclamo ante Enzo.
          </li>
          <li>Acceder de forma gratuita a tus datos personales.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'consultas',
    heading: '7. Procedimiento de consultas',
    body: (
      <p>
        Puedes consultar la información personal que reposa en nuestras bases de datos escribiendo a{' '}
        <a href={dataMailto}>{DATA_PROTECTION_EMAIL}</a>. Responderemos en un término máximo de diez (10) días hábiles
        contados a partir de la fecha de recibo. Si no es posible atenderla en ese plazo, te informaremos los motivos y
        la fecha de respuesta, que no superará cinco (5) días hábiles adicionales.
      </p>
    ),
  },
  {
    id: 'reclamos',
    heading: '8. Procedimiento de reclamos',
    body: (
      <>
        <p>
          Si consideras que tus datos deben ser corregidos, actualizados o suprimidos, o que hemos incumplido esta
          política, envía un reclamo a <a href={dataMailto}>{DATA_PROTECTION_EMAIL}</a> con tu nombre, número de
          documento, descripción de los hechos, dirección o correo de respuesta y los documentos que quieras hacer
          valer.
        </p>
        <ul>
          <li>
            Si el reclamo está incompleto, te pediremos dentro de los cinco (5) días hábiles siguientes que lo
            completes. Si pasan dos (2) meses sin que lo hagas, entenderemos que desististe.
          </li>
          <li>
            Responderemos en un término máximo de quince (15) días hábiles contados a partir del día siguiente a la
            fecha de recibo. Si no es posible, te informaremos los motivos y la fecha de respuesta, que no superará ocho
            (8) días hábiles adicionales.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'seguridad',
    heading: '9. Seguridad y conservación',
    body: (
      <p>
        Aplicamos medidas técnicas, humanas y administrativas para proteger tus datos contra pérdida, consulta, uso o
        acceso no autorizado. Conservamos tus datos mientras sean necesarios para las finalidades descritas y durante
        los plazos que exijan las normas contables, tributarias y comerciales.
      </p>
    ),
  },
  {
    id: 'vigencia',
    heading: '10. Vigencia',
    body: (
      <p>
        Esta política rige a partir del {DATA_POLICY_EFFECTIVE_DATE}. Cualquier cambio sustancial será publicado en esta
        página y comunicado oportunamente a los titulares antes de su aplicación. Las bases de datos estarán vigentes
        mientras Enzo desarrolle su objeto social.
      </p>
    ),
  },
];
