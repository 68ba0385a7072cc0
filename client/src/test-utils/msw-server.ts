import { setupServer } from 'msw/node';
import { shopSettingsHandler } from './shop-settings';

/**
 * Shared MSW server for component tests; each test adds typed handlers with `mswServer.use(...)`. The one
 * default is the shop settings every public page's header and footer read (a test may `use` other values).
 */
export const mswServer = setupServer(shopSettingsHandler());
