import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extract as untar, list as listTar } from 'tar';
import { MANIFEST_FILE, manifestSchema, type BackupManifest } from './backup-manifest.js';
import { BackupError, listFiles, sha256File } from './backup-writer.js';

export interface OpenedBackup {
  dir: string;
  manifest: BackupManifest;
  dispose(): Promise<void>;
}

/** The archive's own checksum file (`<file>.sha256`), when it travelled with it. */
async function checkSidecar(file: string): Promise<void> {
  const sidecar = await fs.readFile(`${file}.sha256`, 'utf8').catch(() => null);
  if (sidecar === null) return;
  const expected = sidecar.trim().split(/\s+/)[0] ?? '';
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== expected)
    throw new BackupError(
      `La suma SHA-256 de ${path.basename(file)} no coincide con ${path.basename(file)}.sha256: el archivo está dañado o incompleto.`,
    );
}

/**
 * Extracts a backup into a private temporary folder and checks it against its manifest: the format, every listed
 * file present with its size and SHA-256, and nothing that is not listed. Throws a Spanish BackupError otherwise.
 */
export async function openBackup(file: string, workDir = os.tmpdir()): Promise<OpenedBackup> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new BackupError(`No existe el archivo de copia ${file}.`);
  await checkSidecar(file);
  const dir = path.join(workDir, `enzo-restore-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const dispose = () => fs.rm(dir, { recursive: true, force: true });
  try {
    // Only regular files and folders; node-tar already refuses absolute paths and `..`.
    const unexpected: string[] = [];
    await listTar({
      file,
      onReadEntry: (entry) => {
        if (entry.type !== 'File' && entry.type !== 'Directory') unexpected.push(entry.path);
      },
    }).catch((err: Error) => {
      throw new BackupError(`${path.basename(file)} no es un archivo de copia legible (${err.message}).`);
    });
    if (unexpected.length > 0)
      throw new BackupError(`La copia contiene entradas que no son archivos: ${unexpected.slice(0, 3).join(', ')}.`);
    await untar({ file, cwd: dir, strict: true });
    const raw = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
    if (raw === null)
      throw new BackupError(`${path.basename(file)} no tiene ${MANIFEST_FILE}: no es una copia de Enzo.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new BackupError(`${MANIFEST_FILE} no es JSON válido.`);
    }
    const result = manifestSchema.safeParse(parsed);
    if (!result.success)
      throw new BackupError(
        `${MANIFEST_FILE} no es de una copia que esta versión sepa restaurar (${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}).`,
      );
    const manifest = result.data;
    const listed = new Set(manifest.files.map((f) => f.path));
    const present = (await listFiles(dir)).filter((f) => f !== MANIFEST_FILE);
    const extra = present.filter((f) => !listed.has(f));
    if (extra.length > 0) throw new BackupError(`La copia trae archivos que su manifiesto no lista: ${extra[0]}.`);
    for (const entry of manifest.files) {
      const full = path.join(dir, ...entry.path.split('/'));
      const st = await fs.stat(full).catch(() => null);
      if (!st) throw new BackupError(`Falta ${entry.path} en la copia.`);
      if (st.size !== entry.bytes || (await sha256File(full)) !== entry.sha256)
        throw new BackupError(`La suma SHA-256 de ${entry.path} no coincide con el manifiesto: la copia está dañada.`);
    }
    return { dir, manifest, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
