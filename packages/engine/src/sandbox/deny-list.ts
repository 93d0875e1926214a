/**
 * Network destinations code in the sandbox may not reach. Cloud metadata endpoints are denied
 * by default: from a server, they hand out the machine's credentials.
 */
export const defaultDenyList = [
  '169.254.0.0/16',
  'fd00:ec2::254',
  'metadata.google.internal',
  'metadata.goog',
  '100.100.100.200',
];

function ipv4(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** Expands an IPv6 address (with `::`, without zone) to 8 groups, or null. */
function ipv6(address: string): number[] | null {
  const clean = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (!clean.includes(':')) return null;
  const [head, tail] = clean.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = clean.includes('::') ? groups(tail) : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (!clean.includes('::') && missing !== 0)) return null;
  const all = [...left, ...Array(missing).fill('0'), ...right];
  const values = all.map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
  return values.some(Number.isNaN) ? null : values;
}

function matches(host: string, rule: string): boolean {
  const [base, bitsText] = rule.split('/');
  if (!base) return false;
  const v4 = ipv4(host);
  const ruleV4 = ipv4(base);
  if (v4 !== null && ruleV4 !== null) {
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (v4 & mask) >>> 0 === (ruleV4 & mask) >>> 0;
  }
  const v6 = ipv6(host);
  const ruleV6 = ipv6(base);
  if (v6 && ruleV6) {
    let bits = bitsText === undefined ? 128 : Number(bitsText);
    for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
      const take = Math.min(16, bits);
      const mask = (0xffff << (16 - take)) & 0xffff;
      if ((v6[i]! & mask) !== (ruleV6[i]! & mask)) return false;
    }
    return true;
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  const ruleName = base.toLowerCase();
  return name === ruleName || name.endsWith(`.${ruleName}`);
}

/** The hostname of `url` when a deny-list rule covers it, else null. */
export function deniedHost(url: string, denyList: readonly string[]): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const bare = host.replace(/^\[|\]$/g, '');
  // IPv4-mapped IPv6 (::ffff:169.254.169.254, which URL writes ::ffff:a9fe:a9fe) is IPv4 too.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  const mapped = hex
    ? [hex[1]!, hex[2]!]
        .map((group) => parseInt(group, 16))
        .flatMap((n) => [n >> 8, n & 255])
        .join('.')
    : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  return denyList.some(
    (rule) => matches(bare, rule) || (mapped !== undefined && matches(mapped, rule)),
  )
    ? bare
    : null;
}
