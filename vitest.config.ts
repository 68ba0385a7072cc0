import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test projects: unit (beside the code, node), component (jsdom + MSW), api (real PostgreSQL,
 * one database per test file), e2e (Chromium against the built app on the real server).
 */
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          environment: 'jsdom',
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
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/database-global-setup.ts', 'tests/setup/auth-emulator-global-setup.ts'],
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
