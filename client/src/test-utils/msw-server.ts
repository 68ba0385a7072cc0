import { setupServer } from 'msw/node';

/** Shared MSW server for component tests; each test adds typed handlers with `mswServer.use(...)`. */
export const mswServer = setupServer();
