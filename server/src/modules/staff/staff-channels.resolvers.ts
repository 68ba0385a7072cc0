import type { Resolvers } from '../../generated/graphql.js';
import { staffOnly } from '../../common/access.js';
import { badInput } from '../../common/errors.js';
import type { CatalogImportService, PlannedProduct } from '../catalog/index.js';
import { FEED_PATHS, type FeedService } from '../channels/index.js';

/** Base64 of at most ~6 MB (the GraphQL body limit is 8 MB). */
export const MAX_IMPORT_BASE64 = 8 * 1024 * 1024;

function decodeFile(input: { fileName: string; dataBase64: string }): Buffer {
  const base64 = input.dataBase64.slice(0, MAX_IMPORT_BASE64 + 1).replace(/^data:[^,]{0,100},/, '');
  if (base64.length > MAX_IMPORT_BASE64)
    throw badInput('El archivo es demasiado grande: divídalo en varios.', 'dataBase64');
  if (!/^[a-z0-9+/]*={0,2}$/i.test(base64.replace(/\s/g, ''))) throw badInput('El archivo no es válido.', 'dataBase64');
  return Buffer.from(base64, 'base64');
}

const productView = (p: PlannedProduct) => ({
  productId: p.productId === null ? null : String(p.productId),
  slug: p.final.slug,
  name: p.final.name,
  line: p.line,
  sizes: p.sizes.length || (p.before?.sizes.length ?? 0),
  changes: p.changes.map(({ field, before, after }) => ({ field, before, after })),
});

/** Catalogue import (preview, apply) and the channels page's feed summary. */
export function createStaffChannelsResolvers(deps: {
  catalogImport: CatalogImportService;
  feeds: FeedService;
  publicUrl: () => string;
}): Resolvers {
  const { catalogImport, feeds, publicUrl } = deps;
  const file = (input: {
    fileName: string;
    dataBase64: string;
    skipBadRows?: boolean | null;
    archiveMissing?: boolean | null;
  }) => ({
    fileName: input.fileName.slice(0, 200),
    data: decodeFile(input),
    skipBadRows: input.skipBadRows ?? false,
    archiveMissing: input.archiveMissing ?? false,
  });
  return {
    Query: {
      staffChannelFeeds: staffOnly('catalog.view', async () => {
        const summary = await feeds.summary();
        return {
          googleUrl: `${publicUrl()}${FEED_PATHS.google}`,
          metaUrl: `${publicUrl()}${FEED_PATHS.meta}`,
          products: summary.products,
          items: summary.items,
          drawn: summary.drawn,
          excluded: summary.excluded.map((e) => ({ ...e, productId: String(e.productId) })),
        };
      }),
    },
    Mutation: {
      staffPreviewCatalogImport: staffOnly('catalog.import', async (_p, { input }) => {
        const result = await catalogImport.preview(file(input));
        if (result.__typename === 'CatalogImportRefused') return result;
        return {
          ...result,
          creates: result.creates.map(productView),
          updates: result.updates.map(productView),
          archives: result.archives.map(productView),
        };
      }),
      staffApplyCatalogImport: staffOnly('catalog.import', async (_p, { input }) =>
        catalogImport.apply(file(input), input.token),
      ),
    },
    CatalogImportPreviewResult: {
      __resolveType: (r) => (r as { __typename: 'CatalogImportPreview' | 'CatalogImportRefused' }).__typename,
    },
    CatalogImportApplyResult: {
      __resolveType: (r) => (r as { __typename: 'CatalogImportApplied' | 'CatalogImportRefused' }).__typename,
    },
  };
}
