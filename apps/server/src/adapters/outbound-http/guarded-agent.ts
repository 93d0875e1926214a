import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { OutboundHttpError } from './outbound-http-error';
import type { NetworkGuard } from './network-guard';

/** Every address a name resolves to. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (`/etc/hosts` included), every address of the name. */
export const systemResolver: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

const unresolved = (hostname: string) =>
  new OutboundHttpError(`Não foi possível encontrar o endereço de ${hostname}.`, 'unresolved_host');

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * An undici Agent whose sockets connect only to checked addresses: the name is resolved once,
 * at connect time, EVERY address is checked, and the socket connects to those same addresses.
 * There is no window for a second DNS answer between the check and the connection.
 */
export function createGuardedAgent(guard: NetworkGuard, resolver: Resolver = systemResolver) {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolver(hostname).then(
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
  return new Agent({ connect: { lookup } });
}
