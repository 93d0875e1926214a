import { limits } from '@ponte/shared/limits';
import { defineNode } from '../../../kit/define-node';
import { SuspendExecution } from '../../../kit/suspend-execution';

const unitMs: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };

/** What a waiting execution's wait at a durable 'Aguardar' says (docs/adr/0110). */
export const delayWaitMessage = 'Aguardando o tempo do conector Aguardar.';
const expression = /\{\{[\s\S]*?\}\}/;

/** The wait in ms, or a pt-BR problem: at most `limits.delayMaxMs` (30 days, ADR 0022). */
export function delayMs(amount: unknown, unit: unknown): number | string {
  const factor = unitMs[String(unit ?? 's')];
  if (factor === undefined) return `Unidade de tempo desconhecida: ${String(unit)}.`;
  const number = typeof amount === 'number' ? amount : Number(String(amount ?? '').trim());
  if (!Number.isFinite(number) || number < 0)
    return 'A quantidade deve ser um número maior ou igual a zero.';
  const ms = number * factor;
  if (ms > limits.delayMaxMs)
    return `O tempo de espera deve ser de no máximo ${limits.delayMaxMs / 86_400_000} dias.`;
  return ms;
}

/** On save: a plain amount beyond the range (an expression is checked when it runs). */
function checkDelayParams(params: Record<string, unknown>): string | null {
  const { amount } = params;
  if (amount === undefined || amount === null || amount === '') return null;
  if (typeof amount === 'string' && expression.test(amount)) return null;
  // Not a number, or below zero: the manifest's own checks say so.
  if (!(Number(amount) >= 0)) return null;
  const ms = delayMs(amount, params.unit ?? 's');
  return typeof ms === 'string' ? ms : null;
}

export const delayNode = defineNode({
  type: 'core_delay',
  version: 1,
  category: 'flow_control',
  label: 'Aguardar',
  description: 'Espera o tempo indicado (no máximo 30 dias) e segue com a mesma mensagem.',
  icon: 'clock-pause',
  params: {
    amount: { type: 'number', label: 'Quantidade', required: true, min: 0 },
    unit: {
      type: 'select',
      label: 'Unidade',
      default: 's',
      options: [
        { label: 'Milissegundos', value: 'ms' },
        { label: 'Segundos', value: 's' },
        { label: 'Minutos', value: 'min' },
        { label: 'Horas', value: 'h' },
      ],
    },
    durable: {
      type: 'boolean',
      label: 'Esperar sem ocupar a execução',
      description:
        'A execução fica aguardando no banco e volta na hora certa, mesmo depois de um reinício, sem ocupar uma vaga nem contar no tempo limite. Em execuções de produção; no editor e no debug, espera na memória.',
      default: false,
    },
  },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkDelayParams,
  async run({ params, input, ports, signal, resumed, waitDurably }) {
    // Resumed when the wait was due: the message goes on.
    if (resumed !== undefined) return { output: 'default', msg: input };
    // At most 30 days (ADR 0022); the clock port waits that long in steps a timer can hold.
    const ms = delayMs(params.amount, params.unit);
    if (typeof ms === 'string') throw new Error(ms);
    // Durable when asked for, in a production run (docs/adr/0110); else it sleeps, holding the run.
    if (params.durable && waitDurably) {
      throw new SuspendExecution(delayWaitMessage, [], {
        at: ports.clock.now() + ms,
        value: 'elapsed',
      });
    }
    await ports.clock.sleep(ms, signal);
    return { output: 'default', msg: input };
  },
});
