import { defineNode } from '../../../kit/define-node';
import { conditionValue, truthy } from '../truthy';

export const conditionNode = defineNode({
  type: 'core_condition',
  version: 1,
  category: 'flow_control',
  label: 'Condição',
  description: 'Segue pela saída "Verdadeiro" ou "Falso" conforme uma expressão.',
  icon: 'git-branch',
  params: {
    expression: {
      type: 'text',
      label: 'Expressão',
      description: 'Expressão JSONata sobre msg, flow e vars. Ex.: msg.payload.total > 100',
      required: true,
      valueType: 'any',
    },
  },
  outputs: { true: { label: 'Verdadeiro' }, false: { label: 'Falso' } },
  async run({ params, input, evaluate }) {
    const value = await conditionValue('expression', params.expression, (expression) =>
      evaluate(expression),
    );
    return { output: truthy(value) ? 'true' : 'false', msg: input };
  },
});
