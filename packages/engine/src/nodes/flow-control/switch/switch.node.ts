import { defineNode } from '../../../kit/define-node';
import { conditionValue, truthy } from '../truthy';

export const switchNode = defineNode({
  type: 'core_switch',
  version: 1,
  category: 'flow_control',
  label: 'Switch',
  description:
    'Testa as regras em ordem e segue pela saída da primeira que for verdadeira; senão, pela saída "Padrão".',
  icon: 'arrows-split',
  params: {
    rules: {
      type: 'table-params',
      label: 'Regras',
      required: true,
      columns: [
        { key: 'output', label: 'Saída', type: 'text' },
        { key: 'condition', label: 'Condição (JSONata)', type: 'text' },
      ],
    },
  },
  outputs: { default: { label: 'Padrão' } },
  dynamicOutputs: { param: 'rules', key: 'output' },
  async run({ params, input, evaluate }) {
    for (const [index, rule] of params.rules.entries()) {
      const output = String(rule.output ?? '').trim();
      if (!output) throw new Error(`A regra ${index + 1} não tem o nome da saída.`);
      const value = await conditionValue(
        `rules[${index + 1}].condition`,
        rule.condition,
        (expression) => evaluate(expression),
      );
      if (truthy(value)) return { output, msg: input };
    }
    return { output: 'default', msg: input };
  },
});
