import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The sandbox's events secret: random, created once per DATA_DIR and kept (several instances on
 * the same DATA_DIR share it; the exclusive create makes the first writer win).
 */
export function loadSandboxEventsSecret(dataDir: string): string {
  const file = path.join(dataDir, 'sandbox-events-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `test_events_${randomBytes(24).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  for (let i = 0; i < 50; i++) {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret) return secret;
  }
  throw new Error(`No se pudo leer el secreto de eventos de la pasarela de pruebas (${file}).`);
}
