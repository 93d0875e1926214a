import { checkAccessKey } from '@ponte/shared/brazil/nfe/access-key';
import { messages } from '@ponte/shared/messages';
import type { NodeRunContext } from '../../../kit/context';
import { defineNode } from '../../../kit/define-node';
import { storagePathParam, storagePathParamSpec } from '../../actions/storage/storage-params';
import { loadOnce } from '@ponte/shared/load-once';
import { nfeXmlMaxBytes } from './nfe-limits';

/**
 * The reader and its XML, signature and certificate libraries (xmldom, xml-crypto, node-forge),
 * loaded on the first XML the node reads: the server's bundle keeps them in a chunk of their own
 * (docs/adr/0127).
 */
const loadReader = loadOnce(() => import('./read-nfe'));

const xmlOperations = ['read_xml', 'verify_signature'];

/** The bytes of a stored XML as text (UTF-8, a BOM dropped), refused past 5 MB before reading. */
async function storedXml(
  { ports, scope, signal }: Pick<NodeRunContext<unknown>, 'ports' | 'scope' | 'signal'>,
  value: unknown,
): Promise<string> {
  const path = storagePathParam(value);
  const file = await ports.storage.stat(scope, path, signal);
  if (!file) throw new Error(messages.storage.notFound);
  if (file.size > nfeXmlMaxBytes) throw new Error('O XML da NF-e passa do limite de 5 MB.');
  const { content } = await ports.storage.read(scope, path, nfeXmlMaxBytes, signal);
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * The XML the node works on: the 'XML' param's text, or a stored file, named by 'Caminho' or
 * given as a file reference `{path}` in the 'XML' param (a manual run's upload, 'Ler arquivo').
 */
async function xmlText(
  context: Pick<NodeRunContext<unknown>, 'ports' | 'scope' | 'signal'>,
  params: { source?: string; xml?: unknown; path?: unknown },
): Promise<string> {
  if (params.source === 'storage') return storedXml(context, params.path);
  const { xml } = params;
  if (typeof xml === 'string') return xml;
  if (xml && typeof xml === 'object' && 'path' in xml) return storedXml(context, xml);
  throw new Error(
    'O parâmetro "XML" deve ser o texto do XML da NF-e ou uma referência de arquivo {path}.',
  );
}

export const nfeNode = defineNode({
  type: 'core_nfe',
  version: 1,
  category: 'brazil',
  label: 'NF-e',
  description: 'Valida a chave de acesso, lê o XML da NF-e e verifica a sua assinatura digital.',
  icon: 'file-invoice',
  params: {
    operation: {
      type: 'select',
      label: 'Operação',
      default: 'validate_key',
      options: [
        { label: 'Chave de acesso → Validar', value: 'validate_key' },
        { label: 'XML → Ler', value: 'read_xml' },
        { label: 'XML → Verificar assinatura', value: 'verify_signature' },
      ],
    },
    key: {
      type: 'text',
      label: 'Chave de acesso',
      required: true,
      placeholder: '{{ msg.payload.chave }}',
      description: 'Os 44 caracteres; espaços e um "NFe" no começo são aceitos.',
      showWhen: { operation: ['validate_key'] },
    },
    source: {
      type: 'select',
      label: 'Origem do XML',
      default: 'content',
      options: [
        { label: 'Conteúdo', value: 'content' },
        { label: 'Arquivo do armazenamento', value: 'storage' },
      ],
      showWhen: { operation: xmlOperations },
    },
    xml: {
      type: 'textarea',
      label: 'XML',
      required: true,
      valueType: 'any',
      placeholder: '{{ msg.payload }}',
      description: 'O XML da NF-e (nfeProc ou NFe), até 5 MB, ou uma referência de arquivo {path}.',
      showWhen: { operation: xmlOperations, source: ['content'] },
    },
    path: {
      ...storagePathParamSpec(
        '/notas/35261111222333000181550010000012341123456780-procNFe.xml',
        'O caminho do XML no armazenamento do workspace, ou uma referência {path}.',
      ),
      showWhen: { operation: xmlOperations, source: ['storage'] },
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const done = (payload: unknown) => ({ output: 'default', msg: { ...input, payload } });
    if (params.operation === 'validate_key') {
      return done(checkAccessKey(typeof params.key === 'string' ? params.key : ''));
    }
    const text = await xmlText({ ports, scope, signal }, params);
    const { checkNfeSignature, readNfe } = await loadReader();
    return done(params.operation === 'read_xml' ? readNfe(text) : checkNfeSignature(text));
  },
});
