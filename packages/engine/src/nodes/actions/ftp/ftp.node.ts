import { base64ToBytes } from '../../../kit/base64';
import { defineNode } from '../../../kit/define-node';
import { memoryLimits } from '../../../ports';

const megabytes = memoryLimits.ftpDownloadBytes / (1024 * 1024);

/** A path sent to the server: never a control character (a line break would add a command). */
export function ftpPath(path: string): string {
  const trimmed = path.trim();
  if (!trimmed) throw new Error('Informe o caminho no servidor FTP.');
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new Error(
      'O caminho no servidor FTP não pode ter quebras de linha nem caracteres de controle.',
    );
  }
  return trimmed;
}

/** The bytes to upload: text as UTF-8, base64 decoded, or a file part's base64 `content`. */
export function uploadBytes(content: unknown, encoding: string): Uint8Array {
  if (
    content &&
    typeof content === 'object' &&
    typeof (content as { content?: unknown }).content === 'string'
  ) {
    return Buffer.from((content as { content: string }).content, 'base64');
  }
  if (content === undefined || content === null) {
    throw new Error('Informe o conteúdo do arquivo a enviar.');
  }
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  if (encoding !== 'base64') return Buffer.from(text, 'utf8');
  const bytes = base64ToBytes(text);
  if (!bytes) throw new Error('O conteúdo não é um texto em base64 válido.');
  return bytes;
}

const basename = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? path;

export const ftpNode = defineNode({
  type: 'core_ftp',
  version: 1,
  category: 'action',
  label: 'FTP',
  description: 'Lista, baixa, envia e remove arquivos em um servidor FTP ou FTPS.',
  icon: 'folder-share',
  params: {
    service_account: {
      type: 'service_account',
      label: 'Servidor FTP',
      required: true,
      accepts: ['ftp_server'],
    },
    operation: {
      type: 'select',
      label: 'Operação',
      default: 'list',
      options: [
        { label: 'Listar pasta', value: 'list' },
        { label: 'Baixar arquivo', value: 'download' },
        { label: 'Enviar arquivo', value: 'upload' },
        { label: 'Remover arquivo', value: 'delete' },
      ],
    },
    path: {
      type: 'text',
      label: 'Caminho',
      required: true,
      placeholder: '/entrada/pedidos.csv',
      description: 'A pasta, para listar; o arquivo, para as outras operações.',
    },
    content: {
      type: 'textarea',
      label: 'Conteúdo (envio)',
      valueType: 'any',
      placeholder: '{{ msg.payload }}',
      description: 'Texto, base64 ou um arquivo {filename, content} vindo da mensagem.',
    },
    encoding: {
      type: 'select',
      label: 'Codificação do conteúdo (envio)',
      default: 'text',
      options: [
        { label: 'Texto (UTF-8)', value: 'text' },
        { label: 'Base64', value: 'base64' },
      ],
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const path = ftpPath(params.path);
    const target = { serviceAccountId: params.service_account, path, signal };
    switch (params.operation) {
      case 'list': {
        const entries = await ports.ftp.list(scope, target);
        return {
          output: 'default',
          msg: { ...input, payload: entries, ftp: { operation: 'list', path } },
        };
      }
      case 'download': {
        const bytes = await ports.ftp.download(scope, {
          ...target,
          maxBytes: memoryLimits.ftpDownloadBytes,
        });
        if (bytes.length > memoryLimits.ftpDownloadBytes) {
          throw new Error(`O arquivo tem mais de ${megabytes} MB, o máximo que o nó FTP baixa.`);
        }
        const file = {
          filename: basename(path),
          size: bytes.length,
          content: Buffer.from(bytes).toString('base64'),
        };
        return {
          output: 'default',
          msg: { ...input, payload: file, ftp: { operation: 'download', path } },
        };
      }
      case 'upload': {
        const content = uploadBytes(params.content, params.encoding);
        await ports.ftp.upload(scope, { ...target, content });
        return {
          output: 'default',
          msg: { ...input, ftp: { operation: 'upload', path, size: content.length } },
        };
      }
      case 'delete':
        await ports.ftp.delete(scope, target);
        return { output: 'default', msg: { ...input, ftp: { operation: 'delete', path } } };
      default:
        throw new Error(`Operação de FTP desconhecida: ${params.operation}`);
    }
  },
});
