import { describe, expect, it } from 'vitest';
import { formatBytes } from './operations.js';

describe('formatBytes', () => {
  it('reads sizes the es-CO way, in the largest unit under 1024', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3482)).toBe('3,4 KB');
    expect(formatBytes(2.4 * 1024 ** 2)).toBe('2,4 MB');
    expect(formatBytes(1536 * 1024 ** 2)).toBe('1,5 GB');
    expect(formatBytes(5 * 1024 ** 2)).toBe('5 MB');
  });
});
