/** Encodes the request body per `body_type`, and parses responses per content type. */
import { limits } from '@ponte/shared/limits';
import { jsonTooDeep } from '@ponte/shared/text';

export type BodyType = 'json' | 'form' | 'multipart' | 'raw' | 'none';

export interface EncodedBody {
  body?: string | Uint8Array;
  contentType?: string;
}

interface FilePart {
  filename: string;
  /** Base64 content. */
  content: string;
  contentType?: string;
}

function isFilePart(value: unknown): value is FilePart {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FilePart).filename === 'string' &&
    typeof (value as FilePart).content === 'string'
  );
}

const text = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : JSON.stringify(value);

function asObject(body: unknown, kind: string): Record<string, unknown> {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new Error(`O corpo ${kind} deve ser um objeto JSON com os campos.`);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`O corpo ${kind} deve ser um objeto JSON com os campos.`);
  }
  return value as Record<string, unknown>;
}

export async function encodeBody(type: BodyType, body: unknown): Promise<EncodedBody> {
  switch (type) {
    case 'none':
      return {};
    case 'json':
      return {
        body: typeof body === 'string' ? body : JSON.stringify(body ?? null),
        contentType: 'application/json',
      };
    case 'raw':
      return { body: text(body), contentType: 'text/plain; charset=utf-8' };
    case 'form': {
      if (typeof body === 'string' && !body.trim().startsWith('{')) {
        return { body, contentType: 'application/x-www-form-urlencoded' };
      }
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(asObject(body, 'de formulário'))) {
        form.append(key, text(value));
      }
      return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const form = new FormData();
      for (const [key, value] of Object.entries(asObject(body, 'multipart'))) {
        if (isFilePart(value)) {
          const bytes = Buffer.from(value.content, 'base64');
          form.append(
            key,
            new Blob([bytes], { type: value.contentType ?? 'application/octet-stream' }),
            value.filename,
          );
        } else {
          form.append(key, text(value));
        }
      }
      const encoded = new Response(form);
      return {
        body: new Uint8Array(await encoded.arrayBuffer()),
        contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
      };
    }
  }
}

/** json → value, text → string, anything else → `{encoding: 'base64', data}`. */
export function parseResponseBody(contentType: string | undefined, bytes: Uint8Array): unknown {
  const type = (contentType ?? '').toLowerCase();
  const decoded = () => new TextDecoder().decode(bytes);
  if (!bytes.length) return type.includes('json') ? null : '';
  if (type.includes('json')) {
    const text = decoded();
    // Every step after this one walks the message: a JSON nested deeper than the limit would
    // overflow the stack there (ADR 0022).
    if (jsonTooDeep(text)) {
      throw new Error(
        `A resposta HTTP tem mais de ${limits.jsonDepthMax} níveis de objetos e listas.`,
      );
    }
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (!type || type.startsWith('text/') || /xml|javascript|x-www-form-urlencoded/.test(type)) {
    return decoded();
  }
  return { encoding: 'base64', data: Buffer.from(bytes).toString('base64') };
}
