import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { presignedRefusal, sigV4Refusal } from '@ponte/engine/connectors/aws/aws-test-fixtures';
import { createSqsStandIn, type SqsMessage } from './aws-sqs';

export type { SqsMessage } from './aws-sqs';

/**
 * A stand-in of the AWS services the AWS connectors use, on one address (an account's 'URL da
 * API' serves all three), written from their references:
 * - S3, path-style (https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html,
 *   API_GetObject.html, API_ListObjectsV2.html, API_DeleteObject.html, ErrorResponses.html and
 *   https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html);
 * - SES v2 `POST /v2/email/outbound-emails`
 *   (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html);
 * - SQS, AWS JSON 1.0 protocol: SendMessage, ReceiveMessage and DeleteMessage (./aws-sqs.ts).
 * Every request must carry a SigV4 signature of a known key for region `region` and the right
 * service, recomputed from what arrived (a presigned GET in its query): else 403 with the AWS
 * code. Bucket `loja` exists (ListObjectsV2 gives 2 keys a page); key `lento.txt` answers 503
 * SlowDown once; SES answers 429 once for a recipient `limite@…`; the SQS queue `…/pedidos`
 * exists.
 */
export interface AwsStandIn {
  /** The base URL to put in an account's 'URL da API'. */
  url: string;
  region: string;
  /** Every signed call that passed the signature check. */
  calls: {
    service: 's3' | 'ses' | 'sqs';
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: string;
  }[];
  /** S3 objects by bucket, then key. */
  buckets: Map<string, Map<string, { body: Buffer; contentType: string }>>;
  /** SQS messages by queue path (`/123456789012/pedidos`). */
  queues: Map<string, SqsMessage[]>;
  /** The queue's next ReceiveMessage is answered once `release` is called. */
  holdNextReceive(queuePath: string): { received: Promise<void>; release(): void };
  close(): Promise<void>;
}

const pageSize = 2;
/** How far a request's X-Amz-Date may be from the clock (S3's RequestTimeTooSkewed). */
const skewMs = 15 * 60_000;

export async function startAwsStandIn(
  host: string,
  keys: Record<string, string>,
  region = 'sa-east-1',
): Promise<AwsStandIn> {
  const calls: AwsStandIn['calls'] = [];
  const buckets: AwsStandIn['buckets'] = new Map([['loja', new Map()]]);
  const queues: AwsStandIn['queues'] = new Map([['/123456789012/pedidos', []]]);
  const sqs = createSqsStandIn(queues);
  const slowed = new Set<string>();

  const xmlError = (response: ServerResponse, status: number, code: string, message: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>r-1</RequestId></Error>`,
    );
  };
  const json = (response: ServerResponse, status: number, body: unknown, type: string) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  function s3(request: IncomingMessage, url: URL, body: Buffer, response: ServerResponse) {
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const bucket = buckets.get(decodeURIComponent(bucketName));
    const key = rest.map(decodeURIComponent).join('/');
    if (!bucket)
      return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (key === 'lento.txt' && !slowed.has(request.method ?? '')) {
      slowed.add(request.method ?? '');
      return xmlError(response, 503, 'SlowDown', 'Please reduce your request rate.');
    }
    if (!key && request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const after = url.searchParams.get('continuation-token');
      const all = [...bucket.keys()].filter((name) => name.startsWith(prefix)).sort();
      const from = after
        ? all.findIndex((name) => name > Buffer.from(after, 'base64').toString())
        : 0;
      const page = from < 0 ? [] : all.slice(from, from + pageSize);
      const more = from >= 0 && from + pageSize < all.length;
      const contents = page
        .map(
          (name) =>
            `<Contents><Key>${escape(name)}</Key><LastModified>2025-01-01T10:00:00.000Z</LastModified><ETag>"e-${name.length}"</ETag><Size>${bucket.get(name)!.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
        )
        .join('');
      const token = more ? Buffer.from(page.at(-1)!).toString('base64') : '';
      response.writeHead(200, { 'content-type': 'application/xml' });
      return response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucketName}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${more}</IsTruncated>${contents}${more ? `<NextContinuationToken>${token}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    }
    if (!key) return xmlError(response, 400, 'InvalidRequest', 'Unsupported bucket operation.');
    switch (request.method) {
      case 'PUT':
        bucket.set(key, {
          body,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        });
        response.writeHead(200, { etag: `"e-${key.length}"` });
        return response.end();
      case 'GET': {
        const object = bucket.get(key);
        if (!object)
          return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'content-type': object.contentType,
          etag: `"e-${key.length}"`,
          'last-modified': 'Wed, 01 Jan 2025 10:00:00 GMT',
        });
        return response.end(object.body);
      }
      case 'DELETE':
        bucket.delete(key);
        response.writeHead(204);
        return response.end();
      default:
        return xmlError(response, 405, 'MethodNotAllowed', 'The method is not allowed.');
    }
  }

  const limitedRecipients = new Set<string>();
  function ses(body: string, response: ServerResponse) {
    const type = 'application/json';
    const error = (status: number, code: string, message: string) => {
      response.writeHead(status, { 'content-type': type, 'x-amzn-errortype': `${code}:` });
      response.end(JSON.stringify({ message }));
    };
    const email = JSON.parse(body) as {
      FromEmailAddress?: string;
      Destination?: { ToAddresses?: string[] };
      Content?: { Simple?: { Subject?: { Data?: string } } };
    };
    const to = email.Destination?.ToAddresses ?? [];
    if (
      !email.FromEmailAddress?.endsWith('@loja.com.br>') &&
      !email.FromEmailAddress?.endsWith('@loja.com.br')
    ) {
      return error(
        400,
        'MessageRejected',
        `Email address is not verified. The following identities failed the check in region ${region.toUpperCase()}: ${email.FromEmailAddress}`,
      );
    }
    const limited = to.find((address) => address.startsWith('limite@'));
    if (limited && !limitedRecipients.has(limited)) {
      limitedRecipients.add(limited);
      return error(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.');
    }
    if (!to.length || !email.Content?.Simple?.Subject?.Data) {
      return error(400, 'BadRequestException', 'Missing required field.');
    }
    json(response, 200, { MessageId: `0100-${randomUUID()}` }, type);
  }

  function answer(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const target = String(request.headers['x-amz-target'] ?? '');
    const service =
      request.method === 'POST' && url.pathname === '/v2/email/outbound-emails'
        ? 'ses'
        : request.method === 'POST' && url.pathname === '/' && target.startsWith('AmazonSQS.')
          ? 'sqs'
          : 's3';
    const text = body.toString('utf8');
    const arrived = {
      method: request.method ?? 'GET',
      host: request.headers.host ?? '',
      path: request.url ?? '/',
    };
    if (service === 's3' && url.searchParams.has('X-Amz-Signature')) {
      // A presigned link: a GET whose signature is in the query.
      const refused = presignedRefusal(arrived, keys, { region, service }, Date.now());
      if (refused || request.method !== 'GET') {
        return xmlError(response, 403, refused ?? 'AccessDenied', 'Request refused.');
      }
      const object = buckets
        .get(url.pathname.split('/')[1] ?? '')
        ?.get(url.pathname.split('/').slice(2).map(decodeURIComponent).join('/'));
      if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, { 'content-type': object.contentType });
      return response.end(object.body);
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    const refused = sigV4Refusal({ ...arrived, headers, body: text }, keys, { region, service });
    const signedAt = Date.parse(
      String(request.headers['x-amz-date'] ?? '').replace(
        /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
        '$1-$2-$3T$4:$5:$6Z',
      ),
    );
    if (refused || !(Math.abs(Date.now() - signedAt) < skewMs)) {
      const code = refused ?? 'RequestTimeTooSkewed';
      if (service === 's3') return xmlError(response, 403, code, 'Request refused.');
      const jsonCode =
        code === 'InvalidAccessKeyId' ? 'UnrecognizedClientException' : 'InvalidSignatureException';
      return json(
        response,
        403,
        { __type: jsonCode, message: 'Request refused.' },
        'application/json',
      );
    }
    calls.push({
      service,
      method: arrived.method,
      path: arrived.path,
      headers: request.headers,
      body: text,
    });
    if (service === 'ses') return ses(text, response);
    if (service === 'sqs') return void sqs.answer(target, text, response);
    return s3(request, url, body, response);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    region,
    calls,
    buckets,
    queues,
    holdNextReceive: sqs.holdNextReceive,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
