import { isIP } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { Client, FileType, FTPError, type FileInfo } from 'basic-ftp';
import type { FtpEntry } from '@ponte/engine/ports';
import { resolveGuarded, type Resolver } from '../outbound-http/guarded-agent';
import { outboundHttpErrorIn } from '../outbound-http/outbound-http-error';
import type { NetworkGuard } from '../outbound-http/network-guard';
import { certificateProblem } from '../tls/certificate-problem';

/** The fields of an `ftp_server` account (spec 2 §3), decrypted. */
export interface FtpAccountData {
  server_type?: unknown;
  host?: unknown;
  port?: unknown;
  username?: unknown;
  password?: unknown;
}

export interface FtpClientOptions {
  guard: NetworkGuard;
  resolver?: Resolver;
  /** Each control exchange and each transfer's silence: 30 s unless told. */
  timeoutMs?: number;
  /**
   * Certificates (PEM) trusted for FTPS besides the system's: a server with a private CA, or a
   * test's self-signed one. Certificate checks are never turned off.
   */
  trustedCa?: string;
}

/** Directory listings held at most (the library's default is 40 MB). */
const maxListingBytes = 4 * 1024 * 1024;

const entryType = (info: FileInfo): FtpEntry['type'] =>
  info.type === FileType.File
    ? 'file'
    : info.type === FileType.Directory
      ? 'directory'
      : info.type === FileType.SymbolicLink
        ? 'link'
        : 'other';

export const ftpEntry = (info: FileInfo): FtpEntry => ({
  name: info.name,
  size: info.size,
  type: entryType(info),
  modified: info.modifiedAt ? info.modifiedAt.toISOString() : info.rawModifiedAt || null,
});

/** A pt-BR message for a failure, never holding the password. */
export function ftpFailure(
  error: unknown,
  where: { host: string; port: number; path?: string; password: string },
): Error {
  const refusal = outboundHttpErrorIn(error);
  if (refusal) return new Error(refusal.message);
  const scrub = (text: string) => (where.password ? text.split(where.password).join('***') : text);
  const server = `${where.host}:${where.port}`;
  if (error instanceof FTPError) {
    if (error.code === 530) return new Error('O servidor FTP recusou o usuário ou a senha.');
    if ([450, 550, 551, 553].includes(error.code)) {
      const target = where.path ? ` em ${where.path}` : '';
      return new Error(
        `O servidor FTP recusou a operação${target}: o arquivo ou a pasta não existe ou não há permissão.`,
      );
    }
    return new Error(`O servidor FTP respondeu: ${scrub(error.message).slice(0, 300)}`);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return new Error(`O servidor FTP ${server} recusou a conexão.`);
  if (/timeout/i.test(message) || code === 'ETIMEDOUT') {
    return new Error(`O servidor FTP ${server} não respondeu a tempo.`);
  }
  if (code.startsWith('ERR_TLS') || /certificate|self[- ]signed|SSL|TLS/i.test(message)) {
    const problem = certificateProblem(error, where.host) ?? 'certificado não aceito.';
    return new Error(`A conexão segura (FTPS) com ${server} falhou: ${problem}`);
  }
  return new Error(
    `Falha na conexão com o servidor FTP ${server}: ${scrub(message).slice(0, 300)}`,
  );
}

/** A destination that keeps at most `maxBytes` and fails past them. */
function cappedSink(maxBytes: number, tooBig: () => Error) {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(tooBig());
      chunks.push(chunk);
      callback();
    },
  });
  return { sink, bytes: () => new Uint8Array(Buffer.concat(chunks)) };
}

export function tooBigError(maxBytes: number): Error {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new Error(`O arquivo tem mais de ${mb} MB, o máximo que o nó FTP baixa.`);
}

/**
 * Logs in to the account's server (FTP, or FTPS with explicit TLS), runs `work` and closes.
 * The host is resolved once and checked by the network guard; the control and the data
 * connections go to that checked address only (the address a PASV answer names is ignored),
 * and TLS checks the certificate against the host name. Aborting closes the connection.
 */
export async function withFtpClient<T>(
  data: FtpAccountData,
  options: FtpClientOptions,
  signal: AbortSignal,
  work: (client: Client) => Promise<T>,
  path?: string,
): Promise<T> {
  const host = String(data.host ?? '').trim();
  const port = Number(data.port ?? 21) || 21;
  const password = String(data.password ?? '');
  if (!host) throw new Error('A conta FTP não tem o servidor (host).');
  const where = { host, port, password, ...(path ? { path } : {}) };
  signal.throwIfAborted();
  const client = new Client(options.timeoutMs ?? 30_000, {
    allowSeparateTransferHost: false,
    maxListingBytes,
  });
  const onAbort = () => client.close();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const checked = await resolveGuarded(options.guard, host, options.resolver);
    const bare = host.replace(/^\[|\]$/g, '');
    await client.access({
      host: checked.address,
      port,
      user: String(data.username ?? '') || 'anonymous',
      password,
      secure: data.server_type === 'FTPS',
      secureOptions: {
        ...(isIP(bare) ? {} : { servername: bare }),
        ...(options.trustedCa ? { ca: options.trustedCa } : {}),
      },
    });
    return await work(client);
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof Error && error.message.startsWith('O arquivo tem mais de')) throw error;
    throw ftpFailure(error, where);
  } finally {
    signal.removeEventListener('abort', onAbort);
    client.close();
  }
}

/** The operations of the FTP port over one logged-in client. */
export const ftpOperations = {
  list: async (client: Client, path: string) => (await client.list(path)).map(ftpEntry),
  async download(client: Client, path: string, maxBytes: number) {
    const known = await client.size(path).catch(() => undefined);
    if (known !== undefined && known > maxBytes) throw tooBigError(maxBytes);
    const { sink, bytes } = cappedSink(maxBytes, () => tooBigError(maxBytes));
    await client.downloadTo(sink, path);
    return bytes();
  },
  async upload(client: Client, path: string, content: Uint8Array) {
    await client.uploadFrom(Readable.from([Buffer.from(content)]), path);
  },
  async delete(client: Client, path: string) {
    await client.remove(path);
  },
};
