import type { Express, Request, Response } from 'express';
import { EINVOICE_KIND_LABELS } from '#shared/einvoicing.js';
import type { StaffDownloadCheck } from '../../common/staff-download.js';
import { authorizeOrder } from '../orders/index.js';
import type { DataSource } from 'typeorm';
import type { DocumentFiles } from './document-files.js';
import { parseDocumentPath } from './document-links.js';
import { documentNumber, type DocumentRow } from './document-row.js';

export interface DocumentRouteDeps {
  ds: DataSource;
  files: DocumentFiles;
  /** The permission check of staff downloads (common/staff-download.ts). */
  staffDownload: StaffDownloadCheck;
}

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="10">' : ''}<meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#222"><h1 style="font-size:22px">${title}</h1>${body}</body></html>`;
}

async function send(res: Response, files: DocumentFiles, doc: DocumentRow, ext: 'pdf' | 'xml') {
  const name = `${doc.kind === 'INVOICE' ? 'factura' : 'nota-credito'}-${documentNumber(doc)}.${ext}`;
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  if (ext === 'xml') {
    res.type('application/xml').setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.send(doc.xml);
    return;
  }
  const pdf = await files.pdf(doc);
  res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${name}"`);
  res.send(pdf);
}

/** A document not issued (yet): the shopper reads why in Spanish, never the provider's internals. */
function notIssued(res: Response, doc: DocumentRow) {
  const what = EINVOICE_KIND_LABELS[doc.kind].toLowerCase();
  res.setHeader('Cache-Control', 'no-store');
  if (doc.status === 'PENDIENTE') {
    res
      .status(202)
      .type('html')
      .send(
        page(
          `Tu ${what} se está emitiendo`,
          '<p>La estamos enviando a la DIAN. Esta página se actualiza sola; normalmente tarda unos segundos o minutos.</p>',
          true,
        ),
      );
    return;
  }
  res
    .status(409)
    .type('html')
    .send(
      page(
        `Tu ${what} aún no está disponible`,
        '<p>No pudimos emitirla todavía. La tienda ya lo sabe y la emitirá; te llegará por correo cuando esté lista.</p>',
      ),
    );
}

/**
 * `GET /api/documentos/:reference/:file?token=…`: a document's PDF or XML for the shopper, unlocked like the
 * receipt (reference and the order's access token, compared in constant time). `GET /api/staff/documentos/:file`,
 * `GET /api/staff/facturacion/:month.csv|.zip`: staff downloads (permission `invoices.view`, the bearer token).
 */
export function documentRoutes(deps: DocumentRouteDeps) {
  return (app: Express) => {
    app.get('/api/documentos/:reference/:file', async (req: Request, res: Response) => {
      const file = parseDocumentPath(String(req.params.file));
      const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
      // The receipt's own check: an unknown reference, a wrong token and another order's document look alike.
      const order = await authorizeOrder(deps.ds.manager, String(req.params.reference), token);
      const doc = order && file ? await deps.files.find(file.id) : null;
      if (!doc || doc.order_id !== order!.id || doc.kind !== file!.kind) {
        res.status(404).type('html').send(page('Documento no encontrado', '<p>Revisa el enlace de tu correo.</p>'));
        return;
      }
      if (doc.status !== 'EMITIDO') return notIssued(res, doc);
      await send(res, deps.files, doc, file!.ext);
    });

    app.get('/api/staff/documentos/:file', async (req: Request, res: Response) => {
      if (!(await deps.staffDownload(req, res, 'invoices.view', 'einvoiceFile'))) return;
      const m = /^(\d{1,9})\.(pdf|xml)$/.exec(String(req.params.file).slice(0, 20));
      const doc = m ? await deps.files.find(Number(m[1])) : null;
      if (!doc) return void res.status(404).json({ error: 'NOT_FOUND', message: 'El documento no existe.' });
      if (doc.status !== 'EMITIDO')
        return void res.status(409).json({ error: 'NOT_ISSUED', message: 'El documento aún no fue emitido.' });
      await send(res, deps.files, doc, m![2] as 'pdf' | 'xml');
    });

    app.get('/api/staff/facturacion/:file', async (req: Request, res: Response) => {
      if (!(await deps.staffDownload(req, res, 'invoices.view', 'einvoiceMonth'))) return;
      const m = /^(\d{4}-(?:0[1-9]|1[0-2]))\.(csv|zip)$/.exec(String(req.params.file).slice(0, 20));
      if (!m)
        return void res
          .status(400)
          .json({ error: 'BAD_USER_INPUT', message: 'Indica el mes como AAAA-MM.csv o AAAA-MM.zip.' });
      const [, month, ext] = m;
      if (ext === 'csv') {
        res.type('text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="facturacion-enzo-${month}.csv"`);
        res.send(await deps.files.csv(month!));
        return;
      }
      res.type('application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="facturacion-enzo-${month}-xml.zip"`);
      res.send(Buffer.from(await deps.files.zip(month!)));
    });
  };
}
