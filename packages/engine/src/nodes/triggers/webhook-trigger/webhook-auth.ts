/** Compares two secrets in time that depends only on their lengths, not on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

/** `/pedidos/novo/` and `pedidos//novo` are both `pedidos/novo`; case is kept. */
export function normaliseWebhookPath(path: string): string {
  return path
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');
}

/** A segment `:nome` of a webhook's path reads that part of the address (docs/adr/0139). */
const parameterSegment = /^:([A-Za-z_][A-Za-z0-9_]*)$/;

/** Whether a segment of a webhook's path is a `:nome` the webhook reads. */
export const isParameterSegment = (segment: string) => parameterSegment.test(segment);

/**
 * The values of the pattern's `:nome` segments when `path` matches it (`pedidos/:id` matches
 * `pedidos/42`: `{id: '42'}`), or null. Other segments compare as written, case kept; a pattern
 * without parameters matches its own path only, with `{}`.
 */
export function matchWebhookPath(pattern: string, path: string): Record<string, string> | null {
  const wanted = normaliseWebhookPath(pattern).split('/');
  const given = normaliseWebhookPath(path).split('/');
  if (wanted.length !== given.length) return null;
  const values: [string, string][] = [];
  for (const [index, segment] of wanted.entries()) {
    const name = parameterSegment.exec(segment)?.[1];
    if (name) values.push([name, given[index]!]);
    else if (segment !== given[index]) return null;
  }
  return Object.fromEntries(values);
}

/** How many segments of a webhook's path are not parameters: the most specific path wins. */
export function literalSegments(pattern: string): number {
  return normaliseWebhookPath(pattern)
    .split('/')
    .filter((segment) => !isParameterSegment(segment)).length;
}

function decodeBasic(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The header (lower case) that carries the secret the node's `auth` checks: the server drops it
 * before the request becomes a message, so it never reaches the flow, its logs or the debugger.
 */
export function webhookSecretHeader(params: Record<string, unknown>): string | null {
  const auth = String(params.auth ?? 'none');
  if (auth === 'header') return String(params.auth_header_name || 'Authorization').toLowerCase();
  if (auth === 'basic') return 'authorization';
  return null;
}

/**
 * Whether a request may start the flow, per the node's `auth` param. Header names are
 * compared without case; secrets in constant time. A node that asks for auth but has no
 * secret set refuses everything.
 */
export function checkWebhookAuth(
  params: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  const header = (name: string) => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  const auth = String(params.auth ?? 'none');
  if (auth === 'none') return true;
  if (auth === 'header') {
    const name = String(params.auth_header_name || 'Authorization');
    const expected = String(params.auth_header_value ?? '');
    const given = header(name);
    return expected !== '' && given !== undefined && safeEqual(given, expected);
  }
  if (auth === 'basic') {
    const user = String(params.auth_username ?? '');
    const password = String(params.auth_password ?? '');
    const given = decodeBasic(header('authorization'));
    if (!user || !password || !given) return false;
    // Both compared, always: no early exit on the user name.
    const userOk = safeEqual(given.user, user);
    const passwordOk = safeEqual(given.password, password);
    return userOk && passwordOk;
  }
  return false;
}
