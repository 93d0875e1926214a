import ipaddr from 'ipaddr.js';
import { allowedNetworksVariable, OutboundHttpError } from './outbound-http-error';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Network = [Address, number];

/** How a refusal names each special range; anything not listed is "reservado". */
const rangeNames: Record<string, string> = {
  loopback: 'loopback',
  private: 'rede privada',
  uniqueLocal: 'rede privada',
  linkLocal: 'link-local',
  unspecified: 'não especificado',
  multicast: 'multicast',
  broadcast: 'broadcast',
  carrierGradeNat: 'CGNAT',
};

/** Parses one CIDR (`10.0.0.0/8`, `fd00::/8`) or bare address; null when it is neither. */
function parseNetwork(text: string): Network | null {
  const [base = '', bits, ...rest] = text.split('/');
  if (rest.length > 0) return null;
  const strictV4 = ipaddr.IPv4.isValidFourPartDecimal(base);
  if (!strictV4 && !ipaddr.IPv6.isValid(base)) return null;
  const address = ipaddr.parse(base);
  const max = address.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [address, max];
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return [address, Number(bits)];
}

/**
 * Reads PONTE_HTTP_ALLOWED_NETWORKS: comma-separated CIDRs (or single addresses). Throws a pt-BR
 * message naming the first entry that is not one.
 */
export function parseAllowedNetworks(text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.find((entry) => parseNetwork(entry) === null);
  if (invalid !== undefined) {
    throw new Error(
      `"${invalid}" não é uma rede CIDR (exemplos: 10.0.0.0/8, 192.168.1.10/32, fd00::/8)`,
    );
  }
  return entries;
}

/** Accepted addresses a guard remembers; past it, it starts over. */
const acceptedKept = 4096;

/** IPv6 global unicast (2000::/3): the only IPv6 space routed on the internet. */
const globalUnicast6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * The range the rules judge: ipaddr.js calls every IPv6 address outside its special list
 * "unicast", including IPv4-compatible `::7f00:1` (which a host with a 6-in-4 tunnel delivers
 * to 127.0.0.1) and unassigned space; only 2000::/3 counts as public here.
 */
function rangeOf(address: Address): string {
  const range = address.range();
  if (range !== 'unicast' || address.kind() === 'ipv4') return range;
  return (address as ipaddr.IPv6).match(globalUnicast6) ? range : 'reserved';
}

/** The address as the rules see it: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is IPv4. */
function normalise(text: string): Address | null {
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const address = ipaddr.parse(bare);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    return (address as ipaddr.IPv6).toIPv4Address();
  return address;
}

export interface NetworkGuard {
  /**
   * Throws OutboundHttpError when `address` may not be reached; `hostname` (when the address
   * came from resolving a name) is named in the message.
   */
  check(address: string, hostname?: string): void;
}

/**
 * The outbound network rules (docs/adr/0013): only public unicast addresses, plus whatever an
 * allowed network contains. Loopback, private, link-local (cloud metadata), unspecified,
 * multicast, CGNAT and every other special range are refused.
 */
export function createNetworkGuard(allowedNetworks: readonly string[] = []): NetworkGuard {
  const allowed = parseAllowedNetworks(allowedNetworks.join(',')).map((entry) =>
    parseNetwork(entry)!,
  );
  const isAllowed = (address: Address) =>
    allowed.some(
      ([network, bits]) =>
        network.kind() === address.kind() &&
        (address as ipaddr.IPv4).match(network as ipaddr.IPv4, bits),
    );
  /** Address texts already accepted: the rules never change, so a second check is a lookup. */
  const accepted = new Set<string>();

  return {
    check(text, hostname) {
      if (accepted.has(text)) return;
      const address = normalise(text);
      const shownName = hostname?.replace(/\.+$/, '');
      const from = shownName && shownName !== text ? `, resolvido de ${shownName}` : '';
      if (!address) {
        throw new OutboundHttpError(
          `Endereço bloqueado pela proteção de rede: ${text}${from} não é um endereço IP válido.`,
          'blocked_address',
        );
      }
      const range = rangeOf(address);
      if (range === 'unicast' || isAllowed(address)) {
        if (accepted.size >= acceptedKept) accepted.clear();
        accepted.add(text);
        return;
      }
      const name = rangeNames[range] ?? 'reservado';
      throw new OutboundHttpError(
        `Endereço bloqueado pela proteção de rede: ${address.toString()} (${name})${from}. ` +
          `Para liberar, inclua a rede em ${allowedNetworksVariable}.`,
        'blocked_address',
      );
    },
  };
}
