import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { HttpPort } from '@ponte/engine/ports';
import { outboundHttpErrorIn } from '../../adapters/outbound-http/outbound-http-error';
import { monitoringUrlOf, type FiringRow, type RuleRow } from './alert-email';
import { DeliveryFailure, type AlertSender } from './alert-delivery';

/** The JSON a webhook receives (docs/adr/0052). */
export function webhookBodyOf(rule: RuleRow, firing: FiringRow, baseUrl: string) {
  return {
    rule: { _id: rule.id, name: rule.name, type: rule.type },
    kind: firing.kind,
    count: firing.count,
    opened_at: firing.openedAt.toISOString(),
    closes_at: firing.closesAt.toISOString(),
    lines: firing.lines,
    summary: firing.summary,
    monitoring_url: monitoringUrlOf(rule, firing, baseUrl),
  };
}

/**
 * The webhook action: the rule's method and URL through the app's outbound HTTP client (the
 * network guard), `Idempotency-Key: <firing id>` on every try. 2xx is delivered; any other
 * status is a failed try with the status recorded; an address the guard refuses fails at once.
 */
export function createWebhookSender(deps: { http: HttpPort; baseUrl: string }): AlertSender {
  return async (rule, firing, signal) => {
    const method = rule.actionWebhookMethod.toUpperCase();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'idempotency-key': firing.id,
      'user-agent': 'Ponte-Alertas',
    };
    let response;
    try {
      response = await deps.http.request({
        method,
        url: rule.actionWebhookUrl,
        headers,
        ...(method === 'GET'
          ? {}
          : { body: JSON.stringify(webhookBodyOf(rule, firing, deps.baseUrl)) }),
        timeoutMs: limits.alertSendTimeoutMs,
        signal,
      });
    } catch (error) {
      const refusal = outboundHttpErrorIn(error);
      const permanent = refusal?.code === 'blocked_address';
      throw new DeliveryFailure(error instanceof Error ? error.message : String(error), {
        permanent,
      });
    }
    if (response.status < 200 || response.status > 299) {
      throw new DeliveryFailure(messages.alertRules.webhookStatus(response.status), {
        status: response.status,
      });
    }
    return { status: response.status, message: messages.alertRules.delivered };
  };
}
