import { useQuery } from '@apollo/client/react';
import { QueryError } from '../../components/staff/query-error';
import { StaffChannelFeedsDocument } from './staff-channels.generated';
import { countOf } from '#shared/plural.js';

/** `/dashboard/canales`: the product feeds for Google and Meta, what they list, and how to register them. */
export function ChannelsPage() {
  const { data, error, loading, refetch } = useQuery(StaffChannelFeedsDocument, { fetchPolicy: 'cache-and-network' });
  const feeds = data?.staffChannelFeeds;
  return (
    <section className="staff-page">
      <h1>Canales: Google y Meta</h1>
      <p>
        La tienda publica su catálogo en dos direcciones que Google y Meta leen solas: cada talla de cada producto
        publicado es un artículo, con su precio, su inventario en vivo, sus fotos y el envío. Se actualizan con cada
        cambio del catálogo.
      </p>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando…</p> : null}
      {feeds ? (
        <>
          <dl className="channel-feeds">
            <div>
              <dt>Google Merchant Center</dt>
              <dd>
                <a className="staff-solo-link" href={feeds.googleUrl}>
                  {feeds.googleUrl}
                </a>
              </dd>
            </div>
            <div>
              <dt>Meta (Facebook e Instagram)</dt>
              <dd>
                <a className="staff-solo-link" href={feeds.metaUrl}>
                  {feeds.metaUrl}
                </a>
              </dd>
            </div>
          </dl>
          <p role="status">
            {feeds.products} productos en los canales ({feeds.items} artículos, uno por talla).
          </p>
          {feeds.drawn ? (
            <p className="staff-notice">
              {countOf(feeds.drawn, 'producto se muestra', 'productos se muestran')} con ilustraciones SVG: los canales
              reciben una copia en PNG. Google y Meta piden fotos reales del producto y pueden rechazar las
              ilustraciones; cámbielas por fotos cuando las tenga.
            </p>
          ) : null}
          {feeds.excluded.length ? (
            <details>
              <summary>{feeds.excluded.length} productos publicados no salen en los canales</summary>
              <ul>
                {feeds.excluded.map((e) => (
                  <li key={e.productId}>
                    {e.name}: {e.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : null}
      <h2>Registrar el catálogo en Google Merchant Center</h2>
      <ol>
        <li>Entre a Merchant Center con la cuenta de Google de la tienda y verifique el sitio web de la tienda.</li>
        <li>En «Configuración» → «Programas», active «Fichas gratuitas» (y «Anuncios de Shopping» si los usará).</li>
        <li>
          Vaya a «Productos» → «Fuentes de datos» → «Agregar fuente de productos» → «Agregar productos desde un
          archivo».
        </li>
        <li>
          Elija «Ingresar un vínculo a tu archivo», pegue la dirección de Google de arriba, país de venta Colombia,
          idioma español y frecuencia diaria.
        </li>
        <li>
          En «Envío y devoluciones», revise que la moneda sea COP; el archivo ya trae el costo del envío por artículo.
        </li>
        <li>
          El envío sale con un solo valor para toda Colombia: gratis desde el monto del envío gratis y, por debajo, la
          tarifa más alta de la tabla de envíos (nunca menos de lo que se cobra). Google no acepta tarifas por
          departamento para Colombia.
        </li>
        <li>
          Guarde y pulse «Recuperar ahora». En «Diagnóstico» verá los artículos aprobados y lo que falte corregir.
        </li>
      </ol>
      <h2>Registrar el catálogo en Meta Commerce Manager</h2>
      <ol>
        <li>
          Entre a Commerce Manager con el portafolio comercial de la tienda y cree un catálogo de «Comercio
          electrónico».
        </li>
        <li>En el catálogo, vaya a «Catálogo» → «Fuentes de datos» → «Agregar artículos» → «Lista de datos».</li>
        <li>Elija «Usar una URL», pegue la dirección de Meta de arriba y programe actualizaciones diarias.</li>
        <li>Moneda COP. Al terminar la carga, revise «Problemas» en la pestaña de diagnóstico.</li>
        <li>Conecte el catálogo a la tienda de Facebook e Instagram desde «Tiendas» para etiquetar productos.</li>
      </ol>
      <p className="muted">
        Salen los productos publicados que tienen tallas y al menos una imagen. Las imágenes SVG se envían como copias
        PNG, porque Google y Meta solo leen JPG, PNG o WebP.
      </p>
    </section>
  );
}
