import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The layer rules of eslint.config.js, tried on imports written into real folders of the project:
 * each forbidden arrow is reported, each allowed one is not.
 */
const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const FORBIDDEN: Array<[string, string, string, RegExp]> = [
  [
    'a server module imports app/',
    'server/src/modules/catalog/probe.ts',
    "import { createServices as value } from '../../app/services.js';",
    /app composes modules/,
  ],
  [
    'a server module reaches into another module',
    'server/src/modules/staff/probe.ts',
    "import { OrderLifecycle as value } from '../orders/order-lifecycle.js';",
    /public face of the orders module/,
  ],
  [
    'payments import orders',
    'server/src/modules/payments/probe.ts',
    "import { createOrdersModule as value } from '../orders/index.js';",
    /never import orders/,
  ],
  [
    'common imports a module',
    'server/src/common/probe.ts',
    "import { CatalogService as value } from '../modules/catalog/index.js';",
    /bottom layer/,
  ],
  [
    'the server imports the client',
    'server/src/modules/seo/probe.ts',
    "import { routes as value } from '../../../../client/src/app/routes.js';",
    /never imports client/,
  ],
  [
    'the client imports the server',
    'client/src/lib/probe.ts',
    "import { priceCart as value } from '../../../server/src/modules/cart/index.js';",
    /never imports server/,
  ],
  [
    'shared imports the server',
    'shared/probe.ts',
    "import { parseEnv as value } from '../server/src/config/env.js';",
    /pure TypeScript/,
  ],
  [
    'a feature reaches into another feature',
    'client/src/features/checkout/probe.ts',
    "import { cartLinesAtom as value } from '../cart/cart-atoms';",
    /through a public index/,
  ],
  [
    'app/ reaches into a feature',
    'client/src/app/probe.ts',
    "import { OrderPage as value } from '../features/orders/order-page';",
    /only through its public index \(features\/orders\/index\.ts\)/,
  ],
  [
    'a test helper reaches into a feature',
    'client/src/test-utils/probe.ts',
    "import { CartQuoteDocument as value } from '../features/cart/cart.generated';",
    /only through its public index \(features\/cart\/index\.ts\)/,
  ],
  [
    'a feature imports app/',
    'client/src/features/catalog/probe.ts',
    "import { routes as value } from '../../app/routes';",
    /Features never import app/,
  ],
  [
    'a component imports a feature',
    'client/src/components/probe.ts',
    "import { CartButton as value } from '../features/cart';",
    /presentational/,
  ],
  [
    'the browser entry reaches into the start-up',
    'client/src/main.tsx',
    "import { boot as value } from './start/boot';",
    /only through its public index \(client\/src\/start\/index\.ts\)/,
  ],
  [
    'app/ uses the start-up',
    'client/src/app/probe.ts',
    "import { startApp as value } from '../start';",
    /top of the client/,
  ],
  [
    'a shop feature loads Firebase',
    'client/src/features/home/probe.ts',
    "import { signInStaff as value } from '../../lib/firebase';",
    /never load Firebase/,
  ],
];

const ALLOWED: Array<[string, string, string]> = [
  [
    'a module through another module’s index',
    'server/src/modules/staff/probe.ts',
    "import { allowedTransitions as value } from '../orders/index.js';",
  ],
  [
    'a module using common/',
    'server/src/modules/orders/probe.ts',
    "import { inTransaction as value } from '../../common/db.js';",
  ],
  [
    'the shared rules from the server',
    'server/src/modules/orders/probe.ts',
    "import { priceCart as value } from '#shared/pricing.js';",
  ],
  [
    'the shared rules from the client',
    'client/src/features/cart/probe.ts',
    "import { priceCart as value } from '#shared/pricing.js';",
  ],
  [
    'a feature through another feature’s index',
    'client/src/features/checkout/probe.ts',
    "import { cartLinesAtom as value } from '../cart';",
  ],
  [
    'app/ through a feature’s index',
    'client/src/app/probe.ts',
    "import { ReceiptRoute as value } from '../features/orders';",
  ],
  [
    'the browser entry through the start-up’s index',
    'client/src/main.tsx',
    "import { startApp as value } from './start';",
  ],
  [
    'app/ importing a module its feature keeps loadable on its own (the lazy cart drawer)',
    'client/src/app/probe.ts',
    "import { CartDrawer as value } from '../features/cart/cart-drawer';",
  ],
];

/** The taps recorded before hydration, on `window.ENZO_EARLY_CLICKS`: only client/src/start may touch them. */
async function earlyClicksProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layer boundaries (eslint import-x/no-restricted-paths)', () => {
  // Loading the config and the TypeScript resolver takes a few seconds once.
  beforeAll(() => problems('shared/probe.ts', "import { BRAND as value } from './shop.js';"), 60_000);

  it.each(FORBIDDEN)('reports: %s', async (_name, file, code, message) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each(ALLOWED)('allows: %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('the early taps global (eslint no-restricted-syntax)', () => {
  it.each([
    ['a property read', 'client/src/lib/probe.ts', 'export const value = window.ENZO_EARLY_CLICKS;'],
    ['a string key', 'client/src/app/probe.ts', "export const value = 'ENZO_EARLY_CLICKS' in window;"],
    ['a computed key', 'client/src/features/cart/probe.ts', 'export const value = window[`ENZO_EARLY_CLICKS`];'],
  ])('reports %s outside client/src/start', async (_name, file, code) => {
    expect(await earlyClicksProblems(file, code)).toEqual([
      'Only the browser start-up (client/src/start) touches window.ENZO_EARLY_CLICKS.',
    ]);
  });

  it('allows it in client/src/start', async () => {
    expect(
      await earlyClicksProblems('client/src/start/probe.ts', 'export const value = window.ENZO_EARLY_CLICKS;'),
    ).toEqual([]);
  });
});
