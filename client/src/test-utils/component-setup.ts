import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mswServer } from './msw-server';

/** A stray console.error (React warnings, failed requests) fails the test that caused it. */
let errors: unknown[][] = [];
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
  vi.restoreAllMocks();
  if (errors.length) {
    const first = errors.map((a) => a.map(String).join(' ')).join('\n');
    errors = [];
    throw new Error(`console.error durante la prueba:\n${first}`);
  }
});
afterAll(() => mswServer.close());
