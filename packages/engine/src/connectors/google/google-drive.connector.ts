import { defineConnector, type ConnectorResponse } from '../kit/define-connector';
import {
  driveQuoted,
  driveRoot,
  googleAuthorize,
  googleErrorMessage,
  googlePaging,
  googleRateLimited,
} from './google-rest';

/**
 * Google Drive API v3 (https://developers.google.com/drive/api/reference/rest/v3): files
 * create (multipart upload), get with `alt=media`, list paged by `pageToken`, and
 * permissions create.
 */

const text = (value: unknown) => String(value ?? '').trim();

const fileFields = 'id,name,mimeType,size,modifiedTime,parents,webViewLink';

function fileId(p: Record<string, unknown>): string {
  const id = text(p.file_id);
  if (!id) throw new Error('Informe o "ID do arquivo".');
  return encodeURIComponent(id);
}

/** Content types whose bytes are text (as the HTTP node reads them); others go as base64. */
const textual = (type: string) =>
  !type || type.startsWith('text/') || /json|xml|javascript|csv|x-www-form-urlencoded/.test(type);

/** The file's content as text or base64, as the S3 connector gives an object. */
function contentResult(response: ConnectorResponse) {
  const contentType = response.headers['content-type'] ?? '';
  const bytes = response.bytes ?? new Uint8Array();
  const isText = textual(contentType.toLowerCase());
  return {
    contentType,
    size: bytes.length,
    encoding: isText ? 'utf8' : 'base64',
    data: Buffer.from(bytes).toString(isText ? 'utf8' : 'base64'),
  };
}

/**
 * A multipart/related body (https://developers.google.com/drive/api/guides/manage-uploads#multipart):
 * the file's metadata as JSON, then its content.
 */
function multipart(metadata: Record<string, unknown>, content: string, mimeType: string) {
  const boundary = 'ponte-drive-upload-7f3a9c1e';
  const body = [
    `--${boundary}`,
    'Content-Type: application/json; charset=UTF-8',
    '',
    JSON.stringify(metadata),
    `--${boundary}`,
    `Content-Type: ${mimeType}`,
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

/** The `q` of a listing: the person's filter, the folder, and no trashed files unless asked. */
function listQuery(p: Record<string, unknown>): string {
  const parts = [text(p.query)].filter(Boolean).map((q) => `(${q})`);
  if (text(p.folder_id)) parts.push(`${driveQuoted(text(p.folder_id))} in parents`);
  if (!/trashed/.test(text(p.query))) parts.push('trashed = false');
  return parts.join(' and ');
}

export const googleDriveConnector = defineConnector({
  service: 'google_drive',
  label: 'Google Drive',
  description: 'Envia, baixa, lista e compartilha arquivos do Google Drive.',
  icon: 'brand-google-drive',
  accountTypes: ['google_oauth2'],
  baseUrl: driveRoot,
  params: {
    file_id: {
      type: 'text',
      label: 'ID do arquivo',
      required: true,
      placeholder: '1a2B3c4D5e6F7g8H9i0J',
      description: 'O ID que está na URL do arquivo (entre /d/ e /view), ou o id de uma listagem.',
    },
    name: { type: 'text', label: 'Nome do arquivo', required: true, placeholder: 'relatorio.csv' },
    content: { type: 'textarea', label: 'Conteúdo', required: true },
    mime_type: {
      type: 'text',
      label: 'Tipo (MIME)',
      default: 'text/plain',
      placeholder: 'text/csv',
      description: 'O tipo do conteúdo: text/plain, text/csv, application/json…',
    },
    folder_id: {
      type: 'text',
      label: 'Pasta',
      description: 'Opcional: escolha a pasta ou cole o ID dela. Vazio: a raiz do Meu Drive.',
      lookup: { name: 'folders' },
    },
    query: {
      type: 'text',
      label: 'Filtro (q)',
      placeholder: "name contains 'nota' and mimeType = 'application/pdf'",
      description: 'Opcional, na sintaxe de busca do Drive. Arquivos na lixeira ficam de fora.',
    },
    role: {
      type: 'select',
      label: 'Permissão',
      default: 'reader',
      options: [
        { label: 'Leitor', value: 'reader' },
        { label: 'Comentarista', value: 'commenter' },
        { label: 'Editor', value: 'writer' },
      ],
    },
    share_with: {
      type: 'select',
      label: 'Compartilhar com',
      default: 'user',
      options: [
        { label: 'Uma pessoa (e-mail)', value: 'user' },
        { label: 'Qualquer pessoa com o link', value: 'anyone' },
      ],
    },
    email: {
      type: 'text',
      label: 'E-mail',
      placeholder: 'ana@empresa.com.br',
      description: 'Obrigatório para compartilhar com uma pessoa.',
    },
    notify: {
      type: 'boolean',
      label: 'Avisar por e-mail',
      default: true,
      description: 'O Google envia um e-mail à pessoa com o link do arquivo.',
    },
  },
  operations: {
    upload_file: {
      resource: 'Arquivo',
      action: 'Enviar',
      params: ['name', 'content', 'mime_type', 'folder_id'],
      request: (p) => {
        const mimeType = text(p.mime_type) || 'text/plain';
        const metadata = {
          name: text(p.name),
          mimeType,
          ...(text(p.folder_id) ? { parents: [text(p.folder_id)] } : {}),
        };
        const { body, contentType } = multipart(metadata, String(p.content ?? ''), mimeType);
        return {
          method: 'POST',
          path: 'upload/drive/v3/files',
          query: { uploadType: 'multipart', fields: fileFields },
          body,
          headers: { 'content-type': contentType },
        };
      },
    },
    download_file: {
      resource: 'Arquivo',
      action: 'Baixar',
      params: ['file_id'],
      request: (p) => ({
        method: 'GET',
        path: `drive/v3/files/${fileId(p)}`,
        query: { alt: 'media' },
      }),
      result: contentResult,
    },
    list_files: {
      resource: 'Arquivos',
      action: 'Listar',
      params: ['query', 'folder_id'],
      request: (p) => ({
        method: 'GET',
        path: 'drive/v3/files',
        query: { q: listQuery(p), fields: `nextPageToken,files(${fileFields})`, pageSize: 100 },
      }),
      paging: googlePaging('files'),
    },
    share_file: {
      resource: 'Arquivo',
      action: 'Compartilhar',
      params: ['file_id', 'role', 'share_with', 'email', 'notify'],
      request: (p) => {
        const type = p.share_with === 'anyone' ? 'anyone' : 'user';
        if (type === 'user' && !text(p.email))
          throw new Error('Informe o "E-mail" da pessoa com quem compartilhar.');
        return {
          method: 'POST',
          path: `drive/v3/files/${fileId(p)}/permissions`,
          // Google refuses the notice for 'anyone': it is sent only to a person.
          query: type === 'user' ? { sendNotificationEmail: p.notify !== false } : {},
          json: {
            role: p.role || 'reader',
            type,
            ...(type === 'user' ? { emailAddress: text(p.email) } : {}),
          },
        };
      },
    },
  },
  lookups: {
    folders: {
      request: () => ({
        method: 'GET',
        path: 'drive/v3/files',
        query: {
          q: "mimeType='application/vnd.google-apps.folder' and trashed=false",
          fields: 'nextPageToken,files(id,name)',
          orderBy: 'name',
          pageSize: 100,
        },
      }),
      options: (response) =>
        googlePaging('files')
          .items(response)
          .map((file) => {
            const { id, name } = file as { id: string; name: string };
            return { value: id, label: name, description: id };
          }),
      paging: googlePaging('files'),
    },
  },
  authorize: googleAuthorize,
  errorMessage: googleErrorMessage({
    label: 'Google Drive',
    fields: {
      q: 'Filtro (q)',
      emailAddress: 'E-mail',
      'permission.emailAddress': 'E-mail',
      role: 'Permissão',
      parents: 'Pasta',
    },
    notFound:
      'o arquivo ou a pasta não foi encontrado (confira o "ID do arquivo" ou a "Pasta" e se a conta Google tem acesso)',
    known: [
      [
        /Only files with binary content can be downloaded/i,
        'arquivos do Google Docs, Planilhas e Apresentações não se baixam como estão: exporte-os',
      ],
      [/Invalid query/i, 'o "Filtro (q)" não é uma busca válida do Drive'],
    ],
  }),
  rateLimited: googleRateLimited,
});
