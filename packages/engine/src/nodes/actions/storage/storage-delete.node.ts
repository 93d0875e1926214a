import { defineNode } from '../../../kit/define-node';
import { storagePathParam, storagePathParamSpec } from './storage-params';

export const storageDeleteNode = defineNode({
  type: 'core_storage_delete',
  version: 1,
  category: 'action',
  label: 'Excluir arquivo',
  description: 'Exclui um arquivo, ou uma pasta com tudo o que ela tem, do armazenamento.',
  icon: 'file-x',
  params: {
    path: storagePathParamSpec(
      '/relatorios/antigo.csv',
      'O arquivo ou a pasta a excluir (a pasta sai com todo o conteúdo).',
    ),
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const path = storagePathParam(params.path);
    await ports.storage.delete(scope, path, signal);
    return { output: 'default', msg: { ...input } };
  },
});
