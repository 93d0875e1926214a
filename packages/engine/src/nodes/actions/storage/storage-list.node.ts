import { defineNode } from '../../../kit/define-node';
import { storagePathParam } from './storage-params';

export const storageListNode = defineNode({
  type: 'core_storage_list',
  version: 1,
  category: 'action',
  label: 'Listar arquivos',
  description: 'Lista as pastas e os arquivos de uma pasta do armazenamento.',
  icon: 'folder-open',
  params: {
    path: {
      type: 'text',
      label: 'Pasta',
      default: '/',
      valueType: 'any',
      placeholder: '/relatorios',
      description: 'A pasta a listar; "/" é a pasta inicial (HOME).',
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const given = params.path === undefined || params.path === '' ? '/' : params.path;
    const entries = await ports.storage.list(scope, storagePathParam(given), signal);
    return { output: 'default', msg: { ...input, payload: entries } };
  },
});
