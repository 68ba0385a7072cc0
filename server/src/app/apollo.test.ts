import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { GraphQLError } from 'graphql';
import pino from 'pino';
import { parseEnv } from '../config/env.js';
import { formatError } from './apollo.js';

describe('formatError', () => {
  const lines: Array<{ level: number; msg: string; err?: unknown }> = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    }),
  );
  const format = formatError(parseEnv({ NODE_ENV: 'production' }), log);

  it('answers a bad persisted-query extension as BAD_REQUEST and logs it as the client’s error, without a stack', () => {
    for (const message of ['provided sha does not match query', 'Unsupported persisted query version']) {
      lines.length = 0;
      const error = new GraphQLError(message);
      const answer = format({ message, extensions: { code: 'INTERNAL_SERVER_ERROR' } }, error);
      expect(answer.extensions?.code).toBe('BAD_REQUEST');
      expect(answer.message).toMatch(/consulta persistida/);
      expect(lines.map((l) => l.level)).toEqual([30]);
      expect(JSON.stringify(lines)).not.toContain('stack');
    }
  });

  it('still hides and logs a real internal error', () => {
    lines.length = 0;
    const answer = format({ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, new Error('boom'));
    expect(answer).toMatchObject({ extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(answer.message).not.toContain('boom');
    expect(lines.map((l) => l.level)).toEqual([50]);
  });
});
