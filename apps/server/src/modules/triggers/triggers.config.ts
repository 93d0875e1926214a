import { defineModuleConfig } from '../../config/module-config';
import { wholeNumber } from '../../config/whole-number';

/** Webhook calls per minute per client address and per flow; 0 turns a limit off. */
export interface WebhookRateLimit {
  perAddress: number;
  perFlow: number;
}

/** The webhooks' rate limits (webhook-limits.ts). */
export const triggersConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_WEBHOOK_RATE_LIMIT_ADDRESS',
      default: '300',
      description: 'Chamadas de webhook por minuto de um mesmo endereço IP (0: sem limite).',
    },
    {
      name: 'PONTE_WEBHOOK_RATE_LIMIT_FLOW',
      default: '600',
      description: 'Chamadas por minuto ao webhook de um mesmo flow (0: sem limite).',
    },
  ],
  envShape: {
    PONTE_WEBHOOK_RATE_LIMIT_ADDRESS: wholeNumber(0, 1_000_000).default(300),
    PONTE_WEBHOOK_RATE_LIMIT_FLOW: wholeNumber(0, 1_000_000).default(600),
  },
  read: (parsed): { webhookRateLimit: WebhookRateLimit } => ({
    webhookRateLimit: {
      perAddress: parsed.PONTE_WEBHOOK_RATE_LIMIT_ADDRESS,
      perFlow: parsed.PONTE_WEBHOOK_RATE_LIMIT_FLOW,
    },
  }),
});
