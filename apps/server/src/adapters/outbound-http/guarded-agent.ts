import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { ConnectionOptions } from 'node:tls';
import { Agent } from 'undici';
import { OutboundHttpError } from './outbound-http-error';
import type { NetworkGuard } from './network-guard';

/** Every address a name resolves to. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (`/etc/hosts` included), every address of the name. */
export const systemResolver: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * `localhost` and every `*.localhost` name mean this machine (RFC 6761 §6.3), whatever a
 * resolver answers (or fails to): they get the loopback addresses, which the guard judges.
 */
export function localhostAddresses(hostname: string): LookupAddress[] | null {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (name !== 'localhost' && !name.endsWith('.localhost')) return null;
  return [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ];
}

const unresolved = (hostname: string) =>
  new OutboundHttpError(
    `Não foi possível encontrar o endereço de ${hostname.replace(/\.+$/, '')}.`,
    'unresolved_host',
  );

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** What a TLS connection of the agent presents and trusts (a client certificate, a PSP's CA). */
export type GuardedTls = Pick<ConnectionOptions, 'cert' | 'key' | 'passphrase' | 'ca'>;

/**
 * An undici Agent whose sockets connect only to checked addresses: the name is resolved once,
 * at connect time, EVERY address is checked, and the socket connects to those same addresses.
 * There is no window for a second DNS answer between the check and the connection. `tls` adds
 * a client certificate (and a private CA) to its TLS connections, the lookup unchanged.
 */
export function createGuardedAgent(
  guard: NetworkGuard,
  resolver: Resolver = systemResolver,
  tls: GuardedTls = {},
) {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    const fixed = localhostAddresses(hostname);
    (fixed ? Promise.resolve(fixed) : resolver(hostname)).then(
      (addresses) => {
        try {
          if (addresses.length === 0) throw unresolved(hostname);
          for (const { address } of addresses) guard.check(address, hostname);
          const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = addresses.filter((item) => !wanted || item.family === wanted);
          if (options.all) return callback(null, usable);
          const first = usable[0] ?? addresses[0]!;
          callback(null, first.address, first.family);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '');
        }
      },
      () => callback(unresolved(hostname), ''),
    );
  };
  return new Agent({ connect: { ...tls, lookup } });
}

/**
 * For the clients that do not speak HTTP (SMTP, FTP, PostgreSQL): the name resolved once and
 * every address checked, answering the address to connect to. The caller connects to that
 * address (keeping `hostname` for TLS), so no second DNS answer is ever used.
 */
export async function resolveGuarded(
  guard: NetworkGuard,
  hostname: string,
  resolver: Resolver = systemResolver,
): Promise<LookupAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    guard.check(bare);
    return { address: bare, family: isIP(bare) };
  }
  const fixed = localhostAddresses(bare);
  let addresses: LookupAddress[];
  try {
    addresses = fixed ?? (await resolver(bare));
  } catch {
    throw unresolved(bare);
  }
  if (addresses.length === 0) throw unresolved(bare);
  for (const { address } of addresses) guard.check(address, bare);
  return addresses[0]!;
}
