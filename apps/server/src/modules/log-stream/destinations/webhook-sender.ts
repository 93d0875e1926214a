import { createHmac } from 'node:crypto';
import type { StreamEvent } from '../stream-event';
import type { StreamSender } from './stream-sender';

/** A batch that takes longer than this failed (and is tried again later). */
const timeoutMs = 10_000;

/** `sha256=` and the HMAC-SHA256 of the body with the secret, in hex. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The webhook destination: each batch is one `POST` of `{"events": [...]}` (JSON), signed in
 * `X-Ponte-Signature` when a secret is set; any answer but 2xx is a failure. The operator's
 * address, so not through the flows' network guard (docs/adr/0132).
 */
export function createWebhookSender(url: string, secret: string | null): StreamSender {
  return {
    async send(batch: StreamEvent[]) {
      const body = JSON.stringify({ events: batch });
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Ponte',
          ...(secret ? { 'x-ponte-signature': webhookSignature(secret, body) } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`o webhook respondeu ${response.status}`);
    },
    async close() {},
  };
}
