import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';

const dirs = (path) =>
  fs
    .readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const serverModules = dirs('server/src/modules');
const clientFeatures = dirs('client/src/features');
const storefrontFeatures = clientFeatures.filter((f) => !f.startsWith('staff-'));
/** Client code outside features/ (app/, the entries, test helpers): it too reaches a feature only through its index. */
const outsideFeatures = fs
  .readdirSync('client/src')
  .filter((name) => name !== 'features')
  .map((name) => `client/src/${name}`);
/** Client code outside start/ (the browser's start-up): it reaches the start-up only through start/index.ts. */
const outsideStart = fs
  .readdirSync('client/src')
  .filter((name) => name !== 'start')
  .map((name) => `client/src/${name}`);
/**
 * The modules app/ imports on their own, not through the feature's index, because the index would carry more code
 * into a chunk that must stay small: the header is on every page's first load and loads the cart drawer only when it
 * opens; the product page does not load the listings, and loads the 404 page only for a missing product. Each is a
 * file its feature keeps usable on its own. Anything else goes through the index.
 */
const chunkEntries = {
  cart: ['./cart-button.tsx', './cart-atoms.ts', './cart-drawer.tsx'],
  campaigns: ['./use-campaign-links.ts'],
  catalog: ['./product-route.tsx'],
  content: ['./not-found-page.tsx'],
};

/**
 * Layers point down (docs/arquitectura.md), checked on every import by import-x/no-restricted-paths:
 *   shared (pure rules) ← server common ← config ← server modules ← db, app     (server never imports client)
 *   shared ← client lib ← components ← features ← app ← start, entries          (client never imports server)
 * A server module, a client feature or the browser start-up (client/src/start) is reached from outside only through
 * its public `index.ts` (for a route's feature that index is also the chunk app/routes loads lazily);
 * payments report transactions and never import orders; storefront code never reaches Firebase.
 */
const boundaries = [
  {
    target: 'shared',
    from: ['server', 'client'],
    message: 'The shared rules package is pure TypeScript used by both sides: it imports neither.',
  },
  { target: 'server', from: 'client', message: 'The server never imports client sources.' },
  {
    target: 'client',
    from: 'server',
    message: 'The client never imports server sources (use the schema and #shared/*).',
  },
  {
    target: 'server/src/common',
    from: ['server/src/config', 'server/src/modules', 'server/src/db', 'server/src/app'],
    message: 'common/ is the bottom layer of the server.',
  },
  {
    target: 'server/src/config',
    from: ['server/src/modules', 'server/src/db', 'server/src/app'],
    message: 'config/ only parses the environment.',
  },
  {
    target: 'server/src/modules',
    from: ['server/src/app', 'server/src/db'],
    message: 'Modules never import app/ or db/: app composes modules, not the other way round.',
  },
  { target: 'server/src/db', from: 'server/src/app', message: 'db/ never imports app/.' },
  {
    target: 'server/src/modules/payments',
    from: 'server/src/modules/orders',
    message: 'Payments report transactions; they never import orders.',
  },
  ...serverModules.map((m) => ({
    target: serverModules.filter((other) => other !== m).map((other) => `server/src/modules/${other}`),
    from: `server/src/modules/${m}`,
    except: ['./index.ts'],
    message: `Use the public face of the ${m} module (modules/${m}/index.ts).`,
  })),
  {
    target: 'client/src/lib',
    from: ['client/src/components', 'client/src/features', 'client/src/app'],
    message: 'lib/ is below components, features and app.',
  },
  {
    target: 'client/src/components',
    from: ['client/src/features', 'client/src/app'],
    message: 'components/ are presentational: no features, no app.',
  },
  {
    target: 'client/src/features',
    from: 'client/src/app',
    message: 'Features never import app/: app composes features.',
  },
  ...clientFeatures.map((f) => ({
    target: clientFeatures.filter((other) => other !== f).map((other) => `client/src/features/${other}`),
    from: `client/src/features/${f}`,
    except: ['./index.ts'],
    message: `Features do not import each other except through a public index (features/${f}/index.ts).`,
  })),
  ...clientFeatures.map((f) => ({
    target: outsideFeatures,
    from: `client/src/features/${f}`,
    except: ['./index.ts', ...(chunkEntries[f] ?? [])],
    message: `Code outside features/ uses the ${f} feature only through its public index (features/${f}/index.ts).`,
  })),
  {
    target: ['client/src/lib', 'client/src/components', 'client/src/features', 'client/src/app'],
    from: 'client/src/start',
    message: 'start/ is the top of the client: only the browser entry (main.tsx) starts the app.',
  },
  {
    target: outsideStart,
    from: 'client/src/start',
    except: ['./index.ts'],
    message: 'The browser start-up is used only through its public index (client/src/start/index.ts).',
  },
  {
    target: [
      ...storefrontFeatures.map((f) => `client/src/features/${f}`),
      'client/src/components/site-header-view.tsx',
      'client/src/components/product-card.tsx',
    ],
    from: 'client/src/lib/firebase.ts',
    message: 'Shop routes never load Firebase (staff code only).',
  },
];

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through server/src/config/env.ts.',
};

/**
 * The taps recorded before hydration travel from the page's first script to the app on `window.ENZO_EARLY_CLICKS`
 * (two bundles). Only the start-up (client/src/start) reads or writes it, in any spelling: a property, a string key,
 * a declaration.
 */
const EARLY_CLICKS_GLOBAL = {
  selector:
    "Identifier[name='ENZO_EARLY_CLICKS'], Literal[value='ENZO_EARLY_CLICKS'], TemplateElement[value.raw=/ENZO_EARLY_CLICKS/]",
  message: 'Only the browser start-up (client/src/start) touches window.ENZO_EARLY_CLICKS.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'client/src/gql/',
      'client/src/**/*.generated.ts',
      'tests/gql/',
      'server/src/generated/',
      'bench-results/',
      '.data/',
      '.data-*/',
      'coverage/',
      // What test runs leave behind (copies of the app, traces): git ignores them too.
      'tests/.tmp/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Every regular expression in the repo: no pattern may backtrack catastrophically on what a client sends.
  regexp.configs['flat/recommended'],
  {
    // What serves requests also may not take quadratic time to reject a long text.
    files: ['server/src/**/*.ts', 'shared/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-util.ts'],
    rules: { 'regexp/no-super-linear-move': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', PROCESS_ENV],
    },
  },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.client.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'server/src/**/*.ts'],
    ignores: ['client/src/start/**'],
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV, EARLY_CLICKS_GLOBAL] },
  },
  {
    files: [
      'server/src/config/env.ts',
      'scripts/**',
      'tests/**',
      'client/vite.config.ts',
      'vitest.config.ts',
      '**/*.config.*',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
