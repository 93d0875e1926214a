import { base64ToBytes } from '../../../kit/base64';
import type { MailAttachment } from '../../../ports';

/** At most this many attachments per e-mail. */
export const maxAttachments = 20;
/** Bytes of every attachment of one e-mail, together (decoded): 10 MB. */
export const maxAttachmentBytes = 10 * 1024 * 1024;
const maxFilenameChars = 255;

const fail = (message: string): never => {
  throw new Error(message);
};

/** The HTTP node's binary payload `{encoding: 'base64', data}` is accepted as content too. */
function contentOf(item: Record<string, unknown>, name: string): Uint8Array {
  let content = item.content;
  let encoding = typeof item.encoding === 'string' ? item.encoding.toLowerCase() : 'base64';
  if (content && typeof content === 'object' && !Array.isArray(content)) {
    const wrapped = content as Record<string, unknown>;
    content = wrapped.data;
    if (typeof wrapped.encoding === 'string') encoding = wrapped.encoding.toLowerCase();
  }
  if (typeof content !== 'string') fail(`Informe o conteúdo do anexo "${name}" (content).`);
  const text = content as string;
  if (encoding === 'text' || encoding === 'utf8' || encoding === 'utf-8') {
    return new TextEncoder().encode(text);
  }
  if (encoding !== 'base64') {
    fail(`A codificação do anexo "${name}" deve ser "base64" ou "text".`);
  }
  const bytes = base64ToBytes(text);
  if (!bytes) {
    return fail(
      `O conteúdo do anexo "${name}" não está em base64. Para texto, informe encoding: "text".`,
    );
  }
  return bytes;
}

/**
 * The attachments param: a list (or one object, or its JSON text) of `{filename, content,
 * contentType?, encoding?}`; content is base64 unless `encoding` is "text". Refuses with a
 * pt-BR message past `maxAttachments` or `maxAttachmentBytes`.
 */
export function mailAttachments(value: unknown): MailAttachment[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      fail('Os anexos devem ser uma lista de {filename, content} (ex.: {{ msg.attachments }}).');
    }
  }
  if (list && typeof list === 'object' && !Array.isArray(list)) list = [list];
  if (!Array.isArray(list)) {
    return fail(
      'Os anexos devem ser uma lista de {filename, content} (ex.: {{ msg.attachments }}).',
    );
  }
  if (list.length > maxAttachments) {
    fail(`Um e-mail pode ter no máximo ${maxAttachments} anexos (recebidos ${list.length}).`);
  }
  let total = 0;
  return list.map((raw: unknown, index) => {
    if (!raw || typeof raw !== 'object') fail(`O anexo ${index + 1} deve ser um objeto.`);
    const item = raw as Record<string, unknown>;
    const filename = typeof item.filename === 'string' ? item.filename.trim() : '';
    if (!filename) fail(`Informe o nome do anexo ${index + 1} (filename).`);
    if (filename.length > maxFilenameChars) {
      fail(`O nome do anexo ${index + 1} tem mais de ${maxFilenameChars} caracteres.`);
    }
    const content = contentOf(item, filename);
    total += content.byteLength;
    if (total > maxAttachmentBytes) {
      fail(`Os anexos de um e-mail somam no máximo 10 MB; "${filename}" passa desse limite.`);
    }
    const contentType =
      typeof item.contentType === 'string' && item.contentType.trim()
        ? item.contentType.trim()
        : undefined;
    return { filename, content, ...(contentType ? { contentType } : {}) };
  });
}
