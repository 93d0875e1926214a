import { defineNode } from '../../../kit/define-node';
import { SuspendExecution } from '../../../kit/suspend-execution';
import type { WaitLinkOutcome } from '../../../ports';
import { delayMs } from '../delay/delay.node.ts';

export const waitCallMessage = 'Aguardando uma chamada ao link.';

/**
 * 'Aguardar chamada' (docs/adr/0114): sends a unique link by its 'Link' output and the
 * execution waits, holding nothing, until someone calls the link (it goes on by 'Chamado' with
 * the caller's body in `msg.payload`) or the time runs out ('Expirado', with the input).
 */
export const waitCallNode = defineNode({
  type: 'core_wait_call',
  version: 1,
  category: 'flow_control',
  label: 'Aguardar chamada',
  description:
    'Cria um link único e espera alguém chamá-lo (no máximo 30 dias); segue com o corpo da chamada, ou por Expirado.',
  icon: 'link',
  params: {
    timeout: {
      type: 'number',
      label: 'Expira em',
      description: 'Depois disso o link deixa de valer e a execução segue por Expirado.',
      required: true,
      default: 1,
      min: 0,
    },
    timeout_unit: {
      type: 'select',
      label: 'Unidade',
      default: 'h',
      options: [
        { label: 'Minutos', value: 'min' },
        { label: 'Horas', value: 'h' },
        { label: 'Dias', value: 'd' },
      ],
    },
  },
  outputs: {
    link: { label: 'Link' },
    default: { label: 'Chamado' },
    expired: { label: 'Expirado' },
  },
  checkParams: (params) => {
    const { timeout } = params;
    if (timeout === undefined || timeout === '' || typeof timeout === 'string') return null;
    const ms = waitTimeoutMs(timeout, params.timeout_unit);
    return typeof ms === 'string' ? ms : null;
  },
  async run({ params, input, ports, scope, signal, flow, resumed, node }) {
    if (resumed !== undefined) {
      const outcome = resumed as WaitLinkOutcome;
      if (outcome.outcome === 'called') {
        const call = {
          query: outcome.query,
          received_at: new Date(ports.clock.now()).toISOString(),
        };
        return { output: 'default', msg: { ...input, payload: outcome.body, call } };
      }
      // A call that came first took the link; the execution went on with it then.
      await ports.waitLinks.expire(scope, outcome.link, signal);
      return { output: 'expired', msg: input };
    }
    const ms = waitTimeoutMs(params.timeout, params.timeout_unit);
    if (typeof ms === 'string') throw new Error(ms);
    const expiresAt = ports.clock.now() + ms;
    const link = await ports.waitLinks.create(
      scope,
      { nodeUid: node.uid, input, flowData: flow.snapshot(), expiresAt },
      signal,
    );
    const wait = { url: link.url, expires_at: new Date(expiresAt).toISOString() };
    throw new SuspendExecution(waitCallMessage, [{ output: 'link', msg: { ...input, wait } }], {
      at: expiresAt,
      value: { outcome: 'expired', link: link.id } satisfies WaitLinkOutcome,
    });
  },
});

/** The wait in ms (days count as 24 h), or a pt-BR problem: at most 30 days. */
export function waitTimeoutMs(amount: unknown, unit: unknown): number | string {
  if (unit === 'd') {
    const days = Number(amount);
    return Number.isFinite(days) ? delayMs(days * 24, 'h') : delayMs(amount, 'h');
  }
  return delayMs(amount, unit ?? 'h');
}
