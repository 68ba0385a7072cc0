import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer, RENDER_SLOTS } from '../../server/src/app/render/page-renderer.js';
import { CatalogCache } from '../../server/src/modules/cache/catalog-cache.js';
import type { RenderResult, SsrEntry } from '../../shared/ssr-contract.js';
import { requireBuiltClient } from '../setup/built-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: http.Server;
let url: string;
let rendering = 0;
let mostAtOnce = 0;
const started: string[] = [];

/** An app whose every page takes a while (data, then markup): it counts how many are under way at once. */
const entry: SsrEntry = {
  async render(request): Promise<RenderResult> {
    rendering++;
    mostAtOnce = Math.max(mostAtOnce, rendering);
    started.push(request.url);
    await sleep(30);
    // A render that never ends (a bug in a page): only the visitor leaving ends its request.
    if (request.url.includes('colgada')) await new Promise(() => undefined);
    await sleep(10);
    rendering--;
    return {
      kind: 'page',
      status: 200,
      head: { title: 'Página', description: 'Una página de prueba.', canonicalPath: request.url },
      modules: [],
      state: {},
      failed: false,
      html: `<p>${request.url}</p>`,
    };
  },
};

beforeAll(async () => {
  const cache = new CatalogCache(null);
  const renderPage = createPageRenderer({
    clientDist: requireBuiltClient(),
    entry,
    execute: () => Promise.resolve({ data: null }),
    cache,
    publicUrl: () => url,
    log: pino({ level: 'silent' }),
  });
  server = http.createServer((req, res) => {
    void renderPage(req, res, (err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('server render queue', () => {
  it(`renders at most ${RENDER_SLOTS} pages at once; the rest wait their turn, in arrival order, and all are answered`, async () => {
    const paths = Array.from({ length: RENDER_SLOTS * 3 + 1 }, (_, i) => `/collares?pagina=${i + 1}`);
    const answers = await Promise.all(
      paths.map(async (p, i) => {
        await sleep(i); // one after another, as they arrive
        const res = await fetch(`${url}${p}`, { headers: { accept: 'text/html' } });
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, paths[i]).toBe(200);
      expect(answer.body, paths[i]).toContain(`<p>${paths[i]}</p>`);
    }
    expect(mostAtOnce).toBe(RENDER_SLOTS);
    expect(started).toEqual(paths);
    expect(rendering).toBe(0);
  });

  it('gives a turn back when the visitor leaves, even if that render never ends', async () => {
    const stuck = Array.from({ length: RENDER_SLOTS }, (_, i) => {
      const leave = new AbortController();
      const answer = fetch(`${url}/colgada-${i}`, { headers: { accept: 'text/html' }, signal: leave.signal }).catch(
        () => 'left',
      );
      return { leave, answer };
    });
    await sleep(100);
    for (const s of stuck) s.leave.abort();
    expect(await Promise.all(stuck.map((s) => s.answer))).toEqual(stuck.map(() => 'left'));
    const res = await fetch(`${url}/correas`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<p>/correas</p>');
  });
});
