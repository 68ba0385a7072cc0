import type { IncomingMessage, ServerResponse } from 'node:http';

/** One connect-style step of a request answered outside Express (security headers, request id, compression…). */
export type Step = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Runs `steps` in order, then `last`; a step that throws or passes an error, and a `last` that rejects, go to `fail`
 * (which answers before anything was sent). The GraphQL endpoint and the pages share it.
 */
export function runSteps(
  steps: readonly Step[],
  fail: (req: IncomingMessage, res: ServerResponse, err: unknown) => void,
  last: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let i = 0;
    const next = (err?: unknown) => {
      if (err) return fail(req, res, err);
      const step = steps[i++];
      if (step) {
        try {
          step(req, res, next);
        } catch (e) {
          fail(req, res, e);
        }
        return;
      }
      Promise.resolve()
        .then(() => last(req, res))
        .catch((e: unknown) => fail(req, res, e));
    };
    next();
  };
}
