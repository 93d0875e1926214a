import { defineNode } from '../../../kit/define-node';
import type { StorageFileRef } from '../../../ports';
import { base64ToBytes } from '../../../kit/base64';
import { storagePathParam, storagePathParamSpec } from './storage-params';

/** The bytes of a base64 text, or of a file part's base64 `content` ({name, content}). */
function base64Bytes(content: unknown): Uint8Array {
  const text =
    content && typeof content === 'object' && !Array.isArray(content)
      ? (content as { content?: unknown }).content
      : content;
  if (typeof text !== 'string') throw new Error('Informe o conteúdo do arquivo em base64.');
  const bytes = base64ToBytes(text);
  if (!bytes) throw new Error('O conteúdo não é um texto em base64 válido.');
  return bytes;
}

/** JSON text as typed in the param is kept as it is read; any other value is serialised. */
function jsonBytes(content: unknown): Uint8Array {
  let value = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content) as unknown;
    } catch {
      throw new Error('O conteúdo não é um JSON válido.');
    }
  }
  if (value === undefined) throw new Error('Informe o conteúdo do arquivo.');
  return new TextEncoder().encode(JSON.stringify(value, null, 2));
}

function textBytes(content: unknown): Uint8Array {
  if (content === undefined || content === null) throw new Error('Informe o conteúdo do arquivo.');
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return new TextEncoder().encode(text);
}

const sourceTypes: Record<string, string | undefined> = {
  text: 'text/plain; charset=utf-8',
  json: 'application/json',
};

export const storageWriteNode = defineNode({
  type: 'core_storage_write',
  version: 1,
  category: 'action',
  label: 'Gravar arquivo',
  description: 'Grava um arquivo no armazenamento do workspace.',
  icon: 'file-upload',
  params: {
    path: storagePathParamSpec(
      '/relatorios/{{ msg.payload.mes }}.csv',
      'Onde gravar o arquivo no armazenamento; as pastas que faltam são criadas.',
    ),
    source: {
      type: 'select',
      label: 'Conteúdo',
      default: 'text',
      options: [
        { label: 'Texto', value: 'text' },
        { label: 'JSON', value: 'json' },
        { label: 'Base64', value: 'base64' },
        { label: 'Referência de arquivo', value: 'ref' },
      ],
    },
    content: {
      type: 'textarea',
      label: 'Dados',
      valueType: 'any',
      placeholder: '{{ msg.payload }}',
      description:
        'O texto, o valor a gravar como JSON, o texto em base64, ou a referência {path} (ou o caminho) de um arquivo do armazenamento a copiar.',
    },
    if_exists: {
      type: 'select',
      label: 'Se o arquivo existir',
      default: 'replace',
      options: [
        { label: 'Substituir', value: 'replace' },
        { label: 'Falhar', value: 'fail' },
      ],
    },
    mimetype: {
      type: 'text',
      label: 'Tipo do arquivo (MIME)',
      placeholder: 'text/csv',
      description: 'Opcional: sem ele, o tipo vem da extensão do nome.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const path = storagePathParam(params.path);
    const overwrite = params.if_exists !== 'fail';
    const mimetype = typeof params.mimetype === 'string' ? params.mimetype.trim() : '';
    let file: StorageFileRef;
    if (params.source === 'ref') {
      if (params.content === undefined || params.content === null || params.content === '') {
        throw new Error('Informe a referência {path} ou o caminho do arquivo a copiar.');
      }
      file = await ports.storage.copy(
        scope,
        storagePathParam(params.content),
        path,
        { overwrite },
        signal,
      );
    } else {
      const content =
        params.source === 'base64'
          ? base64Bytes(params.content)
          : params.source === 'json'
            ? jsonBytes(params.content)
            : textBytes(params.content);
      const type = mimetype || sourceTypes[params.source];
      const options = { overwrite, ...(type ? { mimetype: type } : {}) };
      file = await ports.storage.write(scope, path, content, options, signal);
    }
    const payload = { path: file.path, name: file.name, size: file.size, mimetype: file.mimetype };
    return { output: 'default', msg: { ...input, payload } };
  },
});
