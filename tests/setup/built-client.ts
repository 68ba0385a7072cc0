import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from '../../server/src/config/env.js';
import { DEFAULT_CLIENT_DIST } from '../../server/src/app/http-app.js';

/** dist/client with its server render bundle beside it (dist/ssr), or a clear message to build first. */
export function requireBuiltClient(): string {
  const clientDist = parseEnv(process.env).CLIENT_DIST_DIR ?? DEFAULT_CLIENT_DIST;
  if (
    !fs.existsSync(path.join(clientDist, 'index.html')) ||
    !fs.existsSync(path.join(clientDist, '..', 'ssr', 'entry-server.js'))
  ) {
    throw new Error('Falta la compilación (dist/client y dist/ssr). Ejecuta `npm run build` antes de estas pruebas.');
  }
  return clientDist;
}
