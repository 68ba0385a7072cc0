import path from 'node:path';

/*
 * Embedded PostgreSQL also listens on a Unix socket in its data folder: the shop's own connections go through it,
 * since a statement's round trip through the kernel costs less there than over TCP on 127.0.0.1 (the bench's
 * checkout placed about a third more orders per second). TCP stays for PostgreSQL's programs and any other tool
 * (docs/decisions/0021-pedidos-en-hora-pico.md).
 */

/**
 * The folder for PostgreSQL's Unix socket (the data folder), or null when the socket's path would not fit one (107
 * bytes on Linux, 103 on macOS and the BSDs) or the folder's name cannot go in the setting's list (a comma, a quote or
 * a space).
 */
export function socketDirFor(
  dataDir: string,
  port: number,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (platform === 'win32' || /[\s,"']/.test(dataDir)) return null;
  const longest = platform === 'linux' ? 107 : 103;
  return Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${port}`)) <= longest ? dataDir : null;
}

/** The setting that makes PostgreSQL listen on a socket in `dir` (none when null). */
export const socketFlags = (dir: string | null) => ['-c', `unix_socket_directories=${dir ?? ''}`];
