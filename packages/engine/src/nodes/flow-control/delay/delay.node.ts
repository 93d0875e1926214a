import { delayMs } from '@ponte/shared/flow/node-param-rules';
import { defineNode } from '../../../kit/define-node';

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
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, signal }) {
    // At most 30 days (ADR 0022); the clock port waits that long in steps a timer can hold.
    const ms = delayMs(params.amount, params.unit);
    if (typeof ms === 'string') throw new Error(ms);
    await ports.clock.sleep(ms, signal);
    return { output: 'default', msg: input };
  },
});
