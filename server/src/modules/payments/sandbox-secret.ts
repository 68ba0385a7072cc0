import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The sandbox's events secret: random, created once per DATA_DIR and kept (several instances on
 * the same DATA_DIR share it). The file appears whole or not at all: the secret is written to a file of
 * this process's own and then hard-linked to its name, which fails if another instance linked its own
 * first (the first one wins). An exclusive create followed by a write let an instance starting at the
 * same moment read the file still empty.
 */
export function loadSandboxEventsSecret(dataDir: string): string {
  const file = path.join(dataDir, 'sandbox-events-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `test_events_${randomBytes(24).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (!secret) throw new Error(`No se pudo leer el secreto de eventos de la pasarela de pruebas (${file}).`);
  return secret;
}
