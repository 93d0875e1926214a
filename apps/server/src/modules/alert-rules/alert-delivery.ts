import type { AlertFiringRow, AlertRuleRow } from './alert-rules.repository';

/** What a delivered firing records: the webhook's status (null for e-mail) and a pt-BR text. */
export interface DeliveryResult {
  status: number | null;
  message: string;
}

/** Sends one firing with its rule's action; throws on failure (see DeliveryFailure). */
export type AlertSender = (
  rule: AlertRuleRow,
  firing: AlertFiringRow,
  signal: AbortSignal,
) => Promise<DeliveryResult>;

/**
 * A failed try with a pt-BR message. `permanent`: trying again cannot help (an address the
 * network guard refuses, no SMTP configured, the account gone), so the firing fails at once.
 * `status`: the webhook's answer, recorded.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly options: { permanent?: boolean; status?: number } = {},
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}
