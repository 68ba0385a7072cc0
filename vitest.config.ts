import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test projects: unit (beside the code, node), component (jsdom + MSW), api (real PostgreSQL,
 * one database per test file), e2e (Chromium against the built app on the real server).
 *
 * Workers: vitest's default is one fewer than the cores, which on a two-core machine runs every file one after
 * another. The api files spend most of their time waiting on PostgreSQL, the Auth emulator and the shops they
 * start, so three run side by side; unit and component files are CPU-bound, so two. The e2e files share one shop
 * and its Chromium timings (the throttled-phone taps), so they run one at a time. Projects with different
 * worker counts need their own `sequence.groupOrder` when one run holds several of them.
 */
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          environment: 'jsdom',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          include: ['client/**/*.test.tsx'],
          setupFiles: ['client/src/test-utils/component-setup.ts'],
          // Filling a whole form through user-event (a keystroke at a time, each one rendered) takes seconds on a
          // busy 2-core machine; a test cut short keeps typing into the next test's page and fails it too.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/database-global-setup.ts', 'tests/setup/auth-emulator-global-setup.ts'],
          setupFiles: ['tests/setup/one-connection-per-transaction.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
