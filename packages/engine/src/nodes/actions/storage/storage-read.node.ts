import { messages } from '@ponte/shared/messages';
import { defineNode } from '../../../kit/define-node';
import { memoryLimits } from '../../../ports';
import { storagePathParam, storagePathParamSpec } from './storage-params';

export const storageReadNode = defineNode({
  type: 'core_storage_read',
  version: 1,
  category: 'action',
  label: 'Ler arquivo',
  description: 'Lê um arquivo do armazenamento do workspace.',
  icon: 'file-download',
  params: {
    path: storagePathParamSpec(
      '/relatorios/novembro.csv',
      'O caminho do arquivo, ou uma referência {path} da mensagem (ex.: {{ msg.payload }}).',
    ),
    read_as: {
      type: 'select',
      label: 'Ler como',
      default: 'text',
      options: [
        { label: 'Texto', value: 'text' },
        { label: 'JSON', value: 'json' },
        { label: 'Base64', value: 'base64' },
        { label: 'Referência de arquivo', value: 'ref' },
      ],
      description:
        'Texto, JSON e Base64 trazem o conteúdo (até 10 MB); a referência traz só {path, name, size, mimetype}.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const path = storagePathParam(params.path);
    if (params.read_as === 'ref') {
      const file = await ports.storage.stat(scope, path, signal);
      if (!file) throw new Error(messages.storage.notFound);
      return { output: 'default', msg: { ...input, payload: { ...file } } };
    }
    const maxBytes = memoryLimits.storageReadBytes;
    const { file, content } = await ports.storage.read(scope, path, maxBytes, signal);
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    let payload: unknown;
    if (params.read_as === 'base64') {
      payload = { ...file, filename: file.name, content: bytes.toString('base64') };
    } else if (params.read_as === 'json') {
      try {
        payload = JSON.parse(bytes.toString('utf8')) as unknown;
      } catch {
        throw new Error(`O arquivo "${file.path}" não é um JSON válido.`);
      }
    } else {
      payload = bytes.toString('utf8');
    }
    return { output: 'default', msg: { ...input, payload } };
  },
});
