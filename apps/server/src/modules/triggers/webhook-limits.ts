import ipaddr from 'ipaddr.js';
import { messages } from '@ponte/shared/messages';
import type { WebhookRateLimit } from './triggers.config';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { ThrottledEvent } from '../../lib/security-hooks';

/** Defaults of PONTE_WEBHOOK_RATE_LIMIT_ADDRESS and _FLOW (calls per minute). */
export const defaultWebhookRateLimit: WebhookRateLimit = { perAddress: 300, perFlow: 600 };

/** A refusal of the public webhook route: 429 with `Retry-After`. */
export interface WebhookThrottle {
  retryAfterSeconds: number;
  message: string;
}

/**
 * The key of a client address: an IPv6 client owns a whole /64 (one machine gets millions of
 * addresses), so it counts as one; an IPv4-mapped IPv6 address counts as its IPv4.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).join(':')}::/64`;
}

/**
 * Rate limits of the public webhook route (docs/adr/0020): one token bucket per client address
 * (checked first, before the flow is even looked up) and one per flow (checked once the caller
 * passed the node's auth, so a stranger cannot use up a flow's calls). Every refusal is
 * reported to `onThrottled`, from here only.
 */
export function createWebhookLimits(
  limits: WebhookRateLimit = defaultWebhookRateLimit,
  onThrottled?: (event: ThrottledEvent) => void,
) {
  const byAddress = createRateLimiter({ perMinute: limits.perAddress });
  const byFlow = createRateLimiter({ perMinute: limits.perFlow });
  const m = messages.engine;

  return {
    /** Undefined when the caller's address may call now. */
    address(address: string, flowId: string): WebhookThrottle | undefined {
      const decision = byAddress.take(addressKey(address));
      if (decision.allowed) return undefined;
      const { retryAfterSeconds } = decision;
      onThrottled?.({
        kind: 'webhook_rate_limit',
        limit: 'address',
        address,
        flowId,
        retryAfterSeconds,
      });
      return { retryAfterSeconds, message: m.webhookRateLimitedAddress(retryAfterSeconds) };
    },
    /** Undefined when the flow's webhook may be called now. */
    flow(address: string, flowId: string, workspaceId: string): WebhookThrottle | undefined {
      const decision = byFlow.take(flowId);
      if (decision.allowed) return undefined;
      const { retryAfterSeconds } = decision;
      onThrottled?.({
        kind: 'webhook_rate_limit',
        limit: 'flow',
        address,
        flowId,
        workspaceId,
        retryAfterSeconds,
      });
      return { retryAfterSeconds, message: m.webhookRateLimitedFlow(retryAfterSeconds) };
    },
  };
}

export type WebhookLimits = ReturnType<typeof createWebhookLimits>;
