import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';

/**
 * Alegra's e-invoicing provider API for Colombia as far as the shop uses it, on a local port: `POST /invoices` and
 * `POST /credit-notes` (checking the fields Alegra requires and answering its 400 shape), `GET /{…}/{id}`,
 * `GET /{…}?prefix=&number=`, the invoice's zip (PDF and AttachedDocument) and `GET /{…}/{id}/files/XML`.
 * `state.down` answers 503; `state.verdict` decides what the DIAN says; `state.pendingPolls` keeps a new document
 * waiting for the DIAN that many lookups.
 */
export interface FakeAlegraDocument {
  id: string;
  path: 'invoices' | 'credit-notes';
  body: Record<string, unknown>;
  legalStatus: 'ACCEPTED' | 'REJECTED' | null;
  polls: number;
  code: string;
}

export async function startFakeAlegraApi(token = 'token-de-prueba') {
  const documents = new Map<string, FakeAlegraDocument>();
  const state = {
    down: false,
    verdict: 'ACCEPTED' as 'ACCEPTED' | 'REJECTED',
    pendingPolls: 0,
    posts: [] as Array<{ path: string; body: Record<string, unknown> }>,
    requests: 0,
  };
  let base = '';

  const view = (d: FakeAlegraDocument) => {
    const legalStatus = d.polls > 0 ? null : d.legalStatus;
    const prefix =
      d.path === 'invoices' ? (d.body.resolution as { prefix: string }).prefix : String(d.body.prefix ?? '');
    return {
      id: d.id,
      date: new Date().toISOString(),
      status: legalStatus ? 'SENT' : 'WAITING_RESPONSE',
      legalStatus,
      [d.path === 'invoices' ? 'cufe' : 'cude']: d.code,
      prefix,
      number: d.body.number,
      fullNumber: `${prefix}${String(d.body.number)}`,
      governmentResponse:
        legalStatus === 'REJECTED'
          ? {
              code: '99',
              message: 'Validación contiene errores en campos mandatorios.',
              errorMessages: ['Regla: FAK24, Rechazo: DV del NIT del adquiriente no es correcto'],
            }
          : legalStatus
            ? { code: '00', message: 'Procesado Correctamente.', errorMessages: [] }
            : undefined,
      ...(legalStatus === 'ACCEPTED' && d.path === 'invoices' ? { zip: `${base}/files/${d.id}.zip` } : {}),
      qrCodeContent: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${d.code}`,
      errors: [],
    };
  };

  const attached = (d: FakeAlegraDocument) =>
    `<?xml version="1.0" encoding="UTF-8"?><AttachedDocument xmlns="urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2"><!-- ${d.id} ${d.code} --></AttachedDocument>`;

  /** The 400 Alegra answers when a required field is missing (its schema validator's messages). */
  function problems(path: string, body: Record<string, unknown>): string[] {
    const out: string[] = [];
    const totals = body.totalAmounts as Record<string, unknown> | undefined;
    for (const f of [
      'grossTotal',
      'taxableTotal',
      'taxTotal',
      'discountTotal',
      'chargeTotal',
      'advanceTotal',
      'payableTotal',
    ])
      if (totals?.[f] === undefined) out.push(`instance.totalAmounts requires property "${f}"`);
    if (path === 'invoices' && !body.resolution) out.push('instance requires property "resolution"');
    if (path === 'credit-notes' && !Array.isArray(body.associatedDocuments))
      out.push('instance requires property "associatedDocuments"');
    for (const [i, item] of ((body.items as Array<Record<string, unknown>>) ?? []).entries())
      for (const [j, tax] of ((item.taxes as Array<Record<string, unknown>>) ?? []).entries())
        if (
          typeof tax.taxPercentage !== 'string' ||
          !['0.00', '5.00', '19.00', '0', '5', '19'].includes(tax.taxPercentage)
        )
          out.push(`instance.items[${i}].taxes[${j}].taxPercentage is not one of enum values: 0,0.00,5,5.00,19,19.00`);
    for (const [i, p] of ((body.payments as Array<Record<string, unknown>>) ?? []).entries())
      if (!p.paymentForm || !p.paymentMethod) out.push(`instance.payments[${i}] requires property "paymentForm"`);
    if (!(body.company as { id?: string } | undefined)?.id) out.push('instance.company requires property "id"');
    return out;
  }

  const server = http.createServer(async (req, res) => {
    state.requests++;
    res.setHeader('content-type', 'application/json');
    const url = new URL(req.url ?? '/', 'http://x');
    const zip = /^\/files\/([\w-]+)\.zip$/.exec(url.pathname);
    if (zip) {
      const d = documents.get(zip[1]!);
      if (!d) return void res.writeHead(404).end('{}');
      res.setHeader('content-type', 'application/zip');
      return void res
        .writeHead(200)
        .end(Buffer.from(zipSync({ [`ad${d.id}.xml`]: strToU8(attached(d)), [`fv${d.id}.pdf`]: strToU8('%PDF-1.4') })));
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return void res.writeHead(401).end(JSON.stringify({ message: 'Unauthorized' }));
    if (state.down) return void res.writeHead(503).end(JSON.stringify({ message: 'Service Unavailable' }));
    const m = /^\/(invoices|credit-notes)(?:\/([\w-]+)(?:\/files\/(\w+))?)?$/.exec(url.pathname);
    if (!m) return void res.writeHead(404).end('{}');
    const path = m[1] as 'invoices' | 'credit-notes';
    const key = path === 'invoices' ? 'invoice' : 'creditNote';
    if (req.method === 'POST' && !m[2]) {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as Record<string, unknown>;
      state.posts.push({ path, body });
      const errors = problems(path, body);
      if (errors.length)
        return void res.writeHead(400).end(JSON.stringify({ errors: errors.map((message) => ({ message })) }));
      const d: FakeAlegraDocument = {
        id: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
        path,
        body,
        legalStatus: state.verdict,
        polls: state.pendingPolls,
        code: createHash('sha384').update(raw).digest('hex'),
      };
      documents.set(d.id, d);
      return void res.writeHead(201).end(JSON.stringify({ [key]: view(d) }));
    }
    if (req.method !== 'GET') return void res.writeHead(405).end('{}');
    if (!m[2]) {
      const found = [...documents.values()].filter(
        (d) =>
          d.path === path &&
          String(d.body.number) === url.searchParams.get('number') &&
          (path === 'invoices' ? (d.body.resolution as { prefix: string }).prefix : d.body.prefix) ===
            url.searchParams.get('prefix'),
      );
      return void res.writeHead(200).end(JSON.stringify({ invoices: found.map(view) }));
    }
    const d = documents.get(m[2]);
    if (!d || d.path !== path) return void res.writeHead(404).end(JSON.stringify({ message: 'Not found' }));
    if (m[3])
      return void res
        .writeHead(200)
        .end(JSON.stringify({ file: { content: Buffer.from(attached(d)).toString('base64') } }));
    if (d.polls > 0) d.polls--;
    return void res.writeHead(200).end(JSON.stringify({ [key]: view(d) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    token,
    documents,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
