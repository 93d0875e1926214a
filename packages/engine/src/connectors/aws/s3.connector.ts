import { XMLParser } from 'fast-xml-parser';
import { presignAws } from '../../nodes/actions/http-request/http-auth';
import {
  defineConnector,
  type ConnectorRequest,
  type ConnectorResponse,
} from '../kit/define-connector';
import { awsAuthorize, awsRefusal, awsRegion, regionalEndpoint } from './aws-account';

/**
 * Amazon S3 REST API (https://docs.aws.amazon.com/AmazonS3/latest/API/): PutObject,
 * GetObject, ListObjectsV2 (paged by `continuation-token`), DeleteObject, each signed with
 * SigV4 (service `s3`); answers and errors in XML (`<Error><Code>…</Code><Message>…`).
 * Requests are path-style (`/<bucket>/<key>`); on AWS's own endpoint a bucket whose name fits
 * in a host moves into it (virtual-hosted style, the one AWS recommends).
 */

const label = 'Amazon S3';

/** A key's segments encoded as SigV4 canonicalises them (RFC 3986), slashes kept. */
const encodeSegment = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function bucketOf(params: Record<string, unknown>): string {
  const bucket = String(params.bucket ?? '').trim();
  if (!bucket) throw new Error('Informe o "Bucket".');
  return encodeSegment(bucket);
}

function objectPath(params: Record<string, unknown>): string {
  const key = String(params.key ?? '');
  if (!key) throw new Error('Informe a "Chave" do arquivo no bucket.');
  // A URL resolves `.` and `..` between slashes: the request would name another object.
  if (key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error('A "Chave" não pode ter "." ou ".." entre barras.');
  }
  return `${bucketOf(params)}/${key.split('/').map(encodeSegment).join('/')}`;
}

/** A query string in RFC 3986 encoding (S3 reads `+` as itself, not as a space). */
const queryString = (query: Record<string, string | undefined>) =>
  Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeSegment(value)}`)
    .join('&');

/** On AWS's endpoint, a bucket that fits in a host goes there: `<bucket>.s3.<region>…`. */
function virtualHosted(url: URL): void {
  if (!/^s3\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/i.test(url.hostname)) return;
  const [, bucket, ...rest] = url.pathname.split('/');
  if (!bucket || !/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(bucket)) return;
  url.hostname = `${bucket}.${url.hostname}`;
  url.pathname = `/${rest.join('/')}`;
}

const xml = new XMLParser({
  parseTagValue: false,
  isArray: (name) => name === 'Contents',
});

/** The XML answer as an object, or an empty one. */
function parseXml(response: ConnectorResponse): Record<string, unknown> {
  if (typeof response.body !== 'string' || !response.body.trim()) return {};
  try {
    return xml.parse(response.body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** S3's error codes people meet most, in pt-BR and naming the field. */
const known: Record<string, string> = {
  NoSuchBucket: 'não existe o bucket de "Bucket"',
  NoSuchKey: 'não existe arquivo com essa "Chave" no bucket',
  InvalidBucketName: '"Bucket" não é um nome de bucket válido',
  KeyTooLongError: 'a "Chave" é longa demais (no máximo 1024 bytes)',
  EntityTooLarge: 'o "Conteúdo" passa do tamanho que o S3 aceita numa chamada',
  PermanentRedirect: 'o bucket de "Bucket" fica em outra região que a da conta de serviço',
  AuthorizationHeaderMalformed:
    'o bucket de "Bucket" fica em outra região que a da conta de serviço',
  InvalidArgument: 'um dos parâmetros é inválido',
  SlowDown: 'o S3 pediu para diminuir o ritmo das chamadas',
};

function errorMessage(response: ConnectorResponse): string | undefined {
  const error = parseXml(response).Error as { Code?: unknown; Message?: unknown } | undefined;
  const code = typeof error?.Code === 'string' ? error.Code : undefined;
  const message = typeof error?.Message === 'string' ? error.Message : undefined;
  if (!code && response.status === 404) {
    return `O ${label} recusou a chamada: não existe o bucket de "Bucket" ou o arquivo de "Chave".`;
  }
  return awsRefusal(label, known, code, message);
}

const etag = (value: unknown) =>
  typeof value === 'string' ? value.replace(/^"|"$/g, '') : undefined;

/** Content types whose bytes are text (as the HTTP node reads them); others go as base64. */
const textual = (type: string) =>
  !type || type.startsWith('text/') || /json|xml|javascript|x-www-form-urlencoded/.test(type);

/** GetObject's answer: the content as text or base64, with what S3 says of it. */
function objectResult(response: ConnectorResponse) {
  const contentType = response.headers['content-type'] ?? '';
  const bytes = response.bytes ?? new Uint8Array();
  const text = textual(contentType.toLowerCase());
  return {
    contentType,
    size: bytes.length,
    etag: etag(response.headers.etag),
    lastModified: response.headers['last-modified'],
    encoding: text ? 'utf8' : 'base64',
    data: Buffer.from(bytes).toString(text ? 'utf8' : 'base64'),
  };
}

interface ListedObject {
  Key?: string;
  LastModified?: string;
  ETag?: string;
  Size?: string;
  StorageClass?: string;
}

const listing = (response: ConnectorResponse) =>
  (parseXml(response).ListBucketResult ?? {}) as {
    Contents?: ListedObject[];
    IsTruncated?: string;
    NextContinuationToken?: string;
  };

/** The longest link S3 signs: 7 days (SigV4's limit). */
const maxExpiry = 7 * 24 * 3600;

function listRequest(params: Record<string, unknown>): ConnectorRequest {
  const query = queryString({
    'list-type': '2',
    prefix: typeof params.prefix === 'string' ? params.prefix : undefined,
  });
  return { method: 'GET', path: `${bucketOf(params)}?${query}` };
}

export const s3Connector = defineConnector({
  service: 'aws_s3',
  label,
  description: 'Envia, baixa, lista e apaga arquivos em buckets do Amazon S3.',
  icon: 'brand-aws',
  accountTypes: ['aws_access_key'],
  baseUrl: regionalEndpoint('s3'),
  params: {
    bucket: {
      type: 'text',
      label: 'Bucket',
      required: true,
      placeholder: 'minha-empresa-arquivos',
    },
    key: {
      type: 'text',
      label: 'Chave',
      required: true,
      placeholder: 'pedidos/2025/pedido-42.json',
      description: 'O caminho do arquivo dentro do bucket.',
    },
    content: {
      type: 'textarea',
      label: 'Conteúdo',
      description: 'O texto do arquivo, como será gravado (UTF-8).',
    },
    content_type: {
      type: 'text',
      label: 'Tipo de conteúdo',
      default: 'text/plain; charset=utf-8',
      placeholder: 'application/json',
    },
    prefix: {
      type: 'text',
      label: 'Prefixo',
      placeholder: 'pedidos/2025/',
      description: 'Lista só as chaves que começam assim. Vazio, lista o bucket inteiro.',
    },
    expires_in: {
      type: 'number',
      label: 'Validade (segundos)',
      default: 3600,
      min: 1,
      max: maxExpiry,
      description: 'Por quanto tempo o link funciona: no máximo 604800 (7 dias).',
    },
  },
  operations: {
    put_object: {
      resource: 'Arquivo',
      action: 'Enviar',
      params: ['bucket', 'key', 'content', 'content_type'],
      request: (p) => ({
        method: 'PUT',
        path: objectPath(p),
        body: typeof p.content === 'string' ? p.content : JSON.stringify(p.content ?? ''),
        headers: { 'content-type': String(p.content_type || 'text/plain; charset=utf-8') },
      }),
      result: (response) => ({
        etag: etag(response.headers.etag),
        versionId: response.headers['x-amz-version-id'],
      }),
    },
    get_object: {
      resource: 'Arquivo',
      action: 'Baixar',
      params: ['bucket', 'key'],
      request: (p) => ({ method: 'GET', path: objectPath(p), headers: { accept: '*/*' } }),
      result: objectResult,
    },
    list_objects: {
      resource: 'Arquivo',
      action: 'Listar',
      params: ['bucket', 'prefix'],
      request: listRequest,
      paging: {
        items: (response) =>
          (listing(response).Contents ?? []).map((item) => ({
            key: item.Key,
            size: Number(item.Size ?? 0),
            lastModified: item.LastModified,
            etag: etag(item.ETag),
            storageClass: item.StorageClass,
          })),
        next(request, response) {
          const page = listing(response);
          if (page.IsTruncated !== 'true' || !page.NextContinuationToken) return null;
          const [path, query = ''] = request.path.split('?');
          const kept = query.split('&').filter((part) => !part.startsWith('continuation-token='));
          const token = `continuation-token=${encodeSegment(page.NextContinuationToken)}`;
          return { ...request, path: `${path}?${[...kept, token].join('&')}` };
        },
      },
    },
    delete_object: {
      resource: 'Arquivo',
      action: 'Apagar',
      params: ['bucket', 'key'],
      request: (p) => ({ method: 'DELETE', path: objectPath(p) }),
      result: (response) => ({ deleted: true, versionId: response.headers['x-amz-version-id'] }),
    },
    presign_get: {
      resource: 'Arquivo',
      action: 'Gerar link temporário',
      params: ['bucket', 'key', 'expires_in'],
      request: (p) => ({
        method: 'GET',
        path: objectPath(p),
        query: { 'X-Amz-Expires': Number(p.expires_in ?? 3600) },
      }),
      withoutCall(request, account, context) {
        const seconds = Number(request.url.searchParams.get('X-Amz-Expires'));
        if (!Number.isInteger(seconds) || seconds < 1 || seconds > maxExpiry) {
          throw new Error(
            `A "Validade (segundos)" deve ser um número inteiro de 1 a ${maxExpiry} (7 dias).`,
          );
        }
        const url = new URL(request.url);
        url.search = '';
        virtualHosted(url);
        const now = context.now().getTime();
        const signed = presignAws(
          account,
          { method: 'GET', url, now, expiresSeconds: seconds },
          { region: awsRegion(account), service: 's3' },
        );
        return { url: signed.toString(), expiresAt: new Date(now + seconds * 1000).toISOString() };
      },
    },
  },
  authorize: awsAuthorize('s3', virtualHosted),
  errorMessage,
});
