import { isIP } from 'node:net';
import { resolveGuarded, systemResolver, type Resolver } from './guarded-agent';
import type { NetworkGuard } from './network-guard';
import { outboundHttpErrorIn } from './outbound-http-error';

/** How long a save waits for a name to resolve before leaving the check to the run. */
const resolveTimeoutMs = 2_000;

/**
 * What the network guard will say of a URL someone saves (docs/adr/0082): its refusal, naming
 * PONTE_HTTP_ALLOWED_NETWORKS, when the address is already known to be blocked (an IP, a
 * `localhost` name, a name that resolves to one now); null when it is allowed or cannot be known
 * yet (not a URL, a name that does not resolve now: the run checks again).
 */
export async function urlRefusal(
  network: { guard: NetworkGuard; resolver?: Resolver },
  text: string,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const resolver = network.resolver ?? systemResolver;
  const bounded: Resolver = (name) =>
    Promise.race([
      resolver(name),
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('timeout')), resolveTimeoutMs).unref(),
      ),
    ]);
  try {
    await resolveGuarded(network.guard, host, isIP(host) ? resolver : bounded);
    return null;
  } catch (error) {
    const refusal = outboundHttpErrorIn(error);
    return refusal?.code === 'blocked_address' ? refusal.message : null;
  }
}
