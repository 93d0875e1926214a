import { defineNode } from '../../../kit/define-node';
import { StopExecution } from '../../../kit/stop-execution';

export const stopNode = defineNode({
  type: 'core_stop',
  version: 1,
  category: 'flow_control',
  label: 'Parar',
  description: 'Encerra a execução inteira com sucesso ou com erro.',
  icon: 'player-stop',
  params: {
    status: {
      type: 'select',
      label: 'Status',
      default: 'success',
      options: [
        { label: 'Sucesso', value: 'success' },
        { label: 'Erro', value: 'error' },
      ],
    },
    message: { type: 'text', label: 'Mensagem' },
  },
  outputs: {},
  async run({ params }) {
    const status = params.status === 'error' ? 'error' : 'success';
    const message =
      params.message ||
      (status === 'error' ? 'Execução encerrada com erro.' : 'Execução encerrada.');
    throw new StopExecution(status, message);
  },
});
