import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PAGE_START_FILE } from '#shared/ssr-contract.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * React Router publishes a production build (no development warnings or their checks) but its package exports
 * only point at the development one (remix-run/react-router#14102, open): the browser build takes it directly
 * (tests/e2e/storefront.test.ts checks that no development build reaches shoppers).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
const api = process.env.API_URL ?? 'http://127.0.0.1:4000';

/** The chunk of React Router's production build that holds its components, hooks and route matching. */
const REACT_ROUTER_CHUNK = /react-router\/dist\/production\/chunk-[^/]+\.mjs$/;

/**
 * A build-only edit of React Router's production chunk (the module whose code contains `marker`), made with its source
 * map: the shop's source maps keep naming React Router's files (the storefront e2e test reads them to prove no
 * development build reaches shoppers). When a text or pattern the edit `needs` is missing (another React Router
 * version) the build says so (`warning`) and keeps the library as it is.
 */
function reactRouterEdit(
  name: string,
  {
    marker,
    needs,
    warning,
    edit,
  }: {
    marker: string;
    needs: Array<string | RegExp>;
    warning: string;
    edit: (code: MagicString) => MagicString;
  },
): Plugin {
  return {
    name,
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id) || !code.includes(marker)) return null;
      // search(), not test(): it leaves a global pattern's lastIndex at 0 for the edit.
      if (needs.some((need) => (typeof need === 'string' ? !code.includes(need) : code.search(need) < 0))) {
        this.warn(warning);
        return null;
      }
      const edited = edit(new MagicString(code));
      return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
    },
  };
}

/**
 * React Router matches a URL by flattening and ranking every route, and compiling each tried route's pattern into a
 * regular expression, on every call (useRoutes on every render, matchRoutes in the entries): a tenth of a server
 * render's CPU, and work on a phone's main thread at hydration. The routes never change while the shop runs, so
 * its production build keeps both: the ranked branches per routes array, the compiled pattern per path. Without the
 * expected source (another React Router version) the build says so and keeps the library as it is.
 */
function reactRouterMatchCache(): Plugin {
  const BRANCHES = 'let branches = precomputedBranches ?? flattenAndRankRoutes(routes);';
  const COMPILE = 'function compilePath(path, caseSensitive = false, end = true) {';
  return reactRouterEdit('enzo-react-router-match-cache', {
    marker: 'function flattenAndRankRoutes(',
    needs: [BRANCHES, COMPILE],
    warning: 'React Router cambió: la caché de rutas no se aplica (client/vite.config.ts, reactRouterMatchCache)',
    edit: (code) =>
      code
        .replace(
          BRANCHES,
          `let branches = precomputedBranches ?? enzoRankedBranches.get(routes);
  if (!branches) enzoRankedBranches.set(routes, (branches = flattenAndRankRoutes(routes)));`,
        )
        .replace(
          COMPILE,
          `function compilePath(path, caseSensitive = false, end = true) {
  const key = \`\${caseSensitive ? 1 : 0}\${end ? 1 : 0}\${path}\`;
  let compiled = enzoCompiledPaths.get(key);
  if (!compiled) enzoCompiledPaths.set(key, (compiled = compilePathOnce(path, caseSensitive, end)));
  return compiled;
}
function compilePathOnce(path, caseSensitive = false, end = true) {`,
        )
        .append('\nvar enzoRankedBranches = new WeakMap();\nvar enzoCompiledPaths = new Map();\n'),
  });
}

/**
 * Writes a Brotli copy (`.br`) next to every compressible asset; the server sends it to browsers that accept
 * `br` (quality 11 once at build time beats on-the-fly gzip: tests/bench/README.md). Sub-kilobyte scripts too: every
 * page loads a few (the entry, the tap recorder, the bundler's runtime), which on-the-fly compression leaves whole.
 */
function brotliAssets(): Plugin {
  return {
    name: 'enzo-brotli-assets',
    apply: 'build',
    // After every file is written: chunks are final only once Vite has filled in their preload lists.
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !/\.(?:js|css|svg|json)$/.test(fileName)) continue;
        const content = fs.readFileSync(path.join(dir, fileName));
        if (content.length < 256) continue;
        const quality = content.length > 1_000_000 ? 9 : 11;
        const br = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        if (br.length < content.length * 0.9) fs.writeFileSync(path.join(dir, `${fileName}.br`), br);
      }
    },
  };
}

/**
 * The first script of a server-rendered page (src/start/page-start.ts), bundled on its own as a classic script: the
 * server inlines it in the head (server/src/app/render/page-renderer.ts), so the page fetches no script before
 * its first paint. A module chunk of the main build could share code with the app and so import it.
 */
function pageStartScript(): Plugin {
  return {
    name: 'enzo-page-start',
    apply: 'build',
    async generateBundle() {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [path.join(root, 'src/start/page-start.ts')],
        absWorkingDir: path.join(root, '..'),
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2022',
        legalComments: 'none',
        write: false,
      });
      this.emitFile({ type: 'asset', fileName: PAGE_START_FILE, source: result.outputFiles[0]!.text.trim() });
    },
  };
}

/**
 * Long-lived chunks for what every storefront page runs, cached across deploys that do not touch dependencies:
 * React, then Apollo Client with what it needs (and our client set-up), then the router with the small shared
 * rules. Three chunks rather than one so that the browser entry can evaluate them one task at a time
 * (client/src/start/start-app.ts): a single chunk of all of them is one long task on a phone. They download in parallel, so the
 * split costs no round trip.
 */
const REACT = /node_modules\/(react|react-dom|scheduler)\//;
const APOLLO =
  /node_modules\/(@apollo\/client|@wry|optimism|rxjs)\/|\/client\/src\/(lib\/apollo\.ts|gql\/possible-types\.ts)$/;
const VENDOR = /node_modules\/react-router\//;
/**
 * Small modules every storefront page runs (not the DIVIPOLA data, which only checkout needs). Vite's preload
 * helper stays out: the tiny browser entry uses it, and must not pull the vendor chunk in before the first paint.
 */
const SMALL_SHARED = /\/shared\/(?:shop|storefront-routes|money|public-catalog|orders)\.ts$/;
/**
 * The cart's state (jotai), the page head hook, the layout's data and the query hook: every storefront page runs
 * them, and on their own they would be three more tiny requests of each first load (over HTTP/1.1 a phone fetches
 * six at a time). The product pictures and the catalog's documents too: the listings, product and campaign pages
 * share them (small: the home page loads it unused, the others save a request).
 */
const SHOP_SHELL =
  /node_modules\/jotai\/|\/client\/src\/(features\/cart\/cart-(atoms|storage)\.ts|lib\/(use-document-meta|shop-data|use-shop-query|query-key|public-layout(-data|\.generated))\.tsx?|components\/responsive-image\.tsx|features\/catalog\/catalog\.generated\.ts)$/;

/**
 * What the pages a shopper's order goes through in the browser (checkout, order page and lookup, sandbox gateway)
 * share: the form pieces and their styles, the gateway redirect, the email rule. Small, and on their own each
 * would be one more request on those pages.
 */
const SHOPPER_FORMS =
  /\/client\/src\/(components\/(form-field\.tsx|payment-choices\.ts|shopper-forms\.css)|lib\/leave-to\.ts)$|\/shared\/email\.ts$/;

/**
 * A server render cannot be clicked: React Router's Link still resolves its path against the route matches (twice,
 * for the href and for a click handler) and builds a navigator for every link on the page, a large share of a
 * shop page's render with its header, menu and footer links. In the server bundle only, a Link to a plain absolute
 * path (no dots, backslashes, double slashes or hash, the same basename, no prefetch or mask) is written directly:
 * the same attributes in the same order as the library's Link, which the browser hydrates with (a difference would be a
 * hydration mismatch: compare a few pages rendered with and without this plugin when React Router changes). Without
 * the expected source the build says so.
 */
function reactRouterServerLinks(): Plugin {
  const LINK =
    /(function LinkWithRef\(\{[^}]*\}, forwardedRef\) \{\n(\s*)let \{ basename, navigator, useTransitions \} = (React\w*)\.useContext\(NavigationContext\);)/;
  return reactRouterEdit('enzo-react-router-server-links', {
    marker: 'function LinkWithRef(',
    needs: [LINK],
    warning: 'React Router cambió: los enlaces del render en el servidor no se simplifican (client/vite.config.ts)',
    edit: (code) =>
      code
        .replace(
          LINK,
          (_m, head: string, indent: string, react: string) =>
            `${head}\n${indent}if (enzoPlainLink(to, basename, prefetch, mask, relative)) return ${react}.createElement("a", { ...rest, href: to, onClick, ref: forwardedRef, target, "data-discover": discover === "render" ? "true" : void 0 });`,
        )
        .append(
          '\nfunction enzoPlainLink(to, basename, prefetch, mask, relative) {\n' +
            '  return basename === "/" && typeof to === "string" && prefetch === "none" && !mask && relative !== "path" &&\n' +
            '    /^\\/[^?#.\\\\]*(?:\\?[^#]+)?$/.test(to) && !to.includes("//");\n}\n',
        ),
  });
}

/**
 * Code of React Router that every first load carried without ever running it (~2.6 KB in Brotli), left out of the
 * browser build:
 * - components and contexts created at the top of its module (`var NavLink = React10.forwardRef(…)`,
 *   `NavLink.displayName = "NavLink"`) are calls and assignments a bundler must keep, with all the code they reach,
 *   even when nothing imports them (Form with its submit machinery, HistoryRouter, ScrollRestoration). Those calls are
 *   marked pure and the names, which only label components in React's developer tools, go;
 * - a Link's page prefetch (`prefetch="intent"` and the like) reads the route modules of React Router's framework
 *   mode: with the declarative routes of this shop it can only throw. It throws at once instead, without the code
 *   that would load the modules.
 * Without the expected source the build says so.
 */
function reactRouterUnusedCode(): Plugin {
  const CREATED = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
  const NAMED = /^[\w$]+\.displayName = "[^"\n]*";\n/gm;
  const PREFETCH = /^function PrefetchPageLinks\(\{ page, \.\.\.linkProps \}\) \{\n[\s\S]*?\n\}\n/m;
  return reactRouterEdit('enzo-react-router-unused-code', {
    marker: 'function LinkWithRef(',
    needs: [CREATED, NAMED, PREFETCH],
    warning:
      'React Router cambió: parte de su código sin usar queda en el paquete del navegador (client/vite.config.ts)',
    edit: (code) =>
      code
        .replace(CREATED, (_m, head: string, call: string) => `${head}/* @__PURE__ */ ${call}`)
        .replace(NAMED, '')
        .replace(
          PREFETCH,
          'function PrefetchPageLinks() {\n  throw new Error("El prefetch de Link necesita el modo framework de React Router; esta tienda usa rutas declarativas");\n}\n',
        ),
  });
}

/**
 * `vite build --ssr`: the server render bundle (client/src/entry-server.tsx → dist/ssr/entry-server.js). React Router's
 * production build is bundled in: left external, Node would resolve the package to its development build (matching
 * routes with its checks on every render).
 */
const ssrBuild = {
  root,
  plugins: [react(), reactRouterMatchCache(), reactRouterServerLinks()],
  resolve: fs.existsSync(reactRouterProduction)
    ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
    : {},
  ssr: { noExternal: ['react-router'] },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: fileURLToPath(new URL('../dist/ssr', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    copyPublicDir: false,
  },
};

export default defineConfig(({ isSsrBuild, command }) =>
  isSsrBuild
    ? ssrBuild
    : {
        root,
        plugins: [react(), reactRouterMatchCache(), reactRouterUnusedCode(), brotliAssets(), pageStartScript()],
        resolve: {
          // rxjs (Apollo Client's observables) publishes an ES2015 build under `es2015` and an ES5 one as the default:
          // the ES5 one is larger and slower to run (classes and spreads rewritten through tslib) on every page.
          conditions: ['es2015', ...defaultClientConditions],
          // `npm run dev` keeps the development build and its warnings.
          alias:
            command === 'build' && fs.existsSync(reactRouterProduction)
              ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
              : [],
        },
        build: {
          outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: true,
          manifest: true,
          // Every browser the shop supports preloads modules itself (Safari since 17); without support a module loads
          // when imported, as it would anyway. The polyfill was one more request on every first load.
          modulePreload: { polyfill: false },
          rollupOptions: {
            input: {
              main: fileURLToPath(new URL('./index.html', import.meta.url)),
              playground: fileURLToPath(new URL('./playground.html', import.meta.url)),
            },
            output: {
              codeSplitting: {
                // The shared rules (`#shared/*`) ride along in the vendor chunk: each separate chunk is one more
                // request a phone waits for before the page is interactive.
                groups: [
                  { name: 'react', test: REACT },
                  { name: 'apollo', test: APOLLO },
                  { name: 'vendor', test: (id: string) => VENDOR.test(id) || SMALL_SHARED.test(id) },
                  { name: 'shop-shell', test: SHOP_SHELL },
                  { name: 'shopper-forms', test: SHOPPER_FORMS },
                ],
              },
            },
          },
        },
        optimizeDeps: {
          // Both pages are pre-bundled in dev (GraphiQL ships CommonJS dependencies that only work pre-bundled).
          // Only GraphiQL's worker set-up is left out: its Monaco workers (`?worker` imports) belong to Vite's
          // worker plugin, which the dependency optimizer cannot handle. The workers are served unbundled, so
          // the CommonJS packages they import are pre-bundled by name.
          entries: ['index.html', 'playground.html'],
          exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'],
          include: ['nullthrows', 'debounce-promise', 'picomatch-browser'],
        },
        server: {
          port: 5173,
          proxy: {
            '/graphql': api,
            '/api': api,
            '/media': api,
            '/webhooks': api,
            '/healthz': api,
            '/robots.txt': api,
            '/sitemap.xml': api,
          },
        },
      },
);
