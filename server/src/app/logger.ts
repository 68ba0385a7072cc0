import { pino, type Logger } from 'pino';
import type { Env } from '../config/env.js';

export function createLogger(env: Env): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  });
}

/** Logs a step of the start at debug level with the milliseconds since the process started. */
export function startPhase(log: Logger, name: string): void {
  log.debug({ ms: Math.round(performance.now()) }, `arranque: ${name}`);
}
