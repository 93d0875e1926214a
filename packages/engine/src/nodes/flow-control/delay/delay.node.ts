import { defineNode } from '../../../kit/define-node';

const unitMs: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };

export const delayNode = defineNode({
  type: 'core_delay',
  version: 1,
  category: 'flow_control',
  label: 'Aguardar',
  description: 'Espera o tempo indicado e segue com a mesma mensagem.',
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
    const factor = unitMs[params.unit];
    if (factor === undefined) throw new Error(`Unidade de tempo desconhecida: ${params.unit}.`);
    await ports.clock.sleep(params.amount * factor, signal);
    return { output: 'default', msg: input };
  },
});
