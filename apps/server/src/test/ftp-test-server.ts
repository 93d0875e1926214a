import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpSrv } from 'ftp-srv';

/** ftp-srv logs through bunyan's interface: a silent one. */
const silentLog = {
  child: () => silentLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

export interface FtpTestServer {
  port: number;
  /** The folder the user sees as `/`. */
  root: string;
  close(): Promise<void>;
}

/**
 * A real FTP server (ftp-srv) on 127.0.0.1 with one user and a temporary root. With `tls`
 * (a key and certificate in PEM) it also takes explicit TLS (AUTH TLS: FTPS).
 */
export async function startFtpServer(options: {
  username: string;
  password: string;
  tls?: { key: string; cert: string };
  /** Called on each login before it is answered: the login waits for what it returns. */
  onLogin?: () => Promise<void>;
  /** Called when a client's connection closes. */
  onDisconnect?: () => void;
}): Promise<FtpTestServer> {
  const root = await mkdtemp(join(tmpdir(), 'ponte-ftp-'));
  const server = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    pasv_min: 42_000,
    pasv_max: 42_999,
    anonymous: false,
    tls: options.tls ?? false,
    log: silentLog,
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    void (options.onLogin?.() ?? Promise.resolve()).then(() => {
      if (username === options.username && password === options.password) resolve({ root });
      else reject(new Error('Login incorrect'));
    });
  });
  if (options.onDisconnect) server.on('disconnect', options.onDisconnect);
  await server.listen();
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return {
    port,
    root,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
