/**
 * The server render's markup (entry-server.tsx only; never in the browser bundle). The route's data and page chunk
 * are loaded before it, so nothing in the tree suspends and renderToString writes the page in one pass, without the
 * byte chunks of React's stream.
 */
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/** What React writes for a Suspense boundary it left for the browser to render (its fallback is in the markup). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The tree's HTML with every Suspense boundary rendered. Were a boundary to suspend all the same (or fail),
 * renderToString would leave its fallback for the browser to fill: that tree is rendered again with the stream,
 * which waits for every boundary (a fallback swapped in later would need React's inline scripts, which the CSP
 * forbids). `onError`: an error inside a boundary, reported by the stream (the page is then not kept).
 */
export async function renderHtml(tree: ReactNode, label: string, onError: (err: unknown) => void): Promise<string> {
  const html = renderToString(tree);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  // Expected once per process for a part loaded on demand (React.lazy: the product page's 404); on every render of
  // a page, a part that waits for data the route does not load first.
  console.warn(`render: una parte de ${label} no estaba lista; se dibujó de nuevo esperándola`);
  return renderWaitingForAll(tree, onError);
}

function renderWaitingForAll(tree: ReactNode, onError: (err: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(tree, {
      // Never outline a finished boundary into a later chunk: swapping it in needs React's inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => onError(err),
    });
  });
}
