import { setupServer } from 'msw/node';
import { publicLayoutHandler } from './public-layout';

/**
 * Shared MSW server for component tests; each test adds typed handlers with `mswServer.use(...)`. The one
 * default is the public layout's data every page's header and footer read (a test may `use` other values).
 */
export const mswServer = setupServer(publicLayoutHandler());
