import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../ports';
import { textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { awsPorts, callRefusal, presignedRefusal, testAwsKeys } from './aws-test-fixtures';
import { s3Connector } from './s3.connector';

// Answers as the S3 API reference documents them:
// https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html, API_GetObject.html,
// API_ListObjectsV2.html, API_DeleteObject.html, and the error responses in
// https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html.
const secrets = { [testAwsKeys.accessKeyId]: testAwsKeys.secretAccessKey };

const xml = (status: number, body: string, headers: Record<string, string> = {}) =>
  textResponse(status, `<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    'content-type': 'application/xml',
    ...headers,
  });
const s3Error = (status: number, code: string, message: string) =>
  xml(status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);

const refusal = (request: HttpRequest, region = 'sa-east-1', keys = secrets) =>
  callRefusal(request, keys, { region, service: 's3' });

const run = (ports: ReturnType<typeof awsPorts>, params: Record<string, unknown>) =>
  runNode(s3Connector, { ports, params: { service_account: 'aws', ...params } });

const fails = (ports: ReturnType<typeof awsPorts>, params: Record<string, unknown>) =>
  run(ports, params).then(
    () => expect.unreachable('the node should fail'),
    (error: Error) => error.message,
  );

describe('svc_aws_s3', () => {
  it('puts an object with its content type, signed for S3 in the account region', async () => {
    const ports = awsPorts();
    ports.httpHandler = () => textResponse(200, '', { etag: '"abc123"' });
    const { emitted } = await run(ports, {
      operation: 'put_object',
      bucket: 'loja-arquivos',
      key: 'pedidos/2025/pedido 42+(a).json',
      content: '{"id":42}',
      content_type: 'application/json',
    });
    const call = ports.httpCalls[0]!;
    // AWS's endpoint, virtual-hosted: the bucket in the host, the key RFC 3986-encoded.
    expect(call).toMatchObject({
      method: 'PUT',
      url: 'https://loja-arquivos.s3.sa-east-1.amazonaws.com/pedidos/2025/pedido%2042%2B%28a%29.json',
      body: '{"id":42}',
    });
    expect(call.headers['content-type']).toBe('application/json');
    expect(refusal(call)).toBeNull();
    // Another region or another secret would not pass.
    expect(refusal(call, 'us-east-1')).toBe('SignatureDoesNotMatch');
    expect(refusal(call, 'sa-east-1', { [testAwsKeys.accessKeyId]: 'outro' })).toBe(
      'SignatureDoesNotMatch',
    );
    expect(emitted[0]!.msg.payload).toEqual({ etag: 'abc123' });
  });

  it("goes path-style to the account's 'URL da API' (MinIO), signed for its region", async () => {
    const ports = awsPorts({ api_url: 'http://127.0.0.6:9000', region: 'us-east-1' });
    ports.httpHandler = () => textResponse(200, '');
    await run(ports, { operation: 'put_object', bucket: 'b', key: 'a.txt', content: 'oi' });
    expect(ports.httpCalls[0]!.url).toBe('http://127.0.0.6:9000/b/a.txt');
    expect(refusal(ports.httpCalls[0]!, 'us-east-1')).toBeNull();
  });

  it('gets a text object as text and a binary one as base64', async () => {
    const ports = awsPorts();
    const answers = [
      textResponse(200, 'olá', {
        'content-type': 'text/plain; charset=utf-8',
        etag: '"e1"',
        'last-modified': 'Wed, 01 Jan 2025 10:00:00 GMT',
      }),
      {
        status: 200,
        statusText: '',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array([137, 80, 78, 71]),
      },
    ];
    ports.httpHandler = () => answers.shift()!;
    const text = await run(ports, { operation: 'get_object', bucket: 'b.com.br', key: 'a.txt' });
    // A bucket with dots stays in the path (its name would break the TLS certificate).
    expect(ports.httpCalls[0]).toMatchObject({
      method: 'GET',
      url: 'https://s3.sa-east-1.amazonaws.com/b.com.br/a.txt',
    });
    expect(refusal(ports.httpCalls[0]!)).toBeNull();
    expect(text.emitted[0]!.msg.payload).toEqual({
      contentType: 'text/plain; charset=utf-8',
      size: 4,
      etag: 'e1',
      lastModified: 'Wed, 01 Jan 2025 10:00:00 GMT',
      encoding: 'utf8',
      data: 'olá',
    });
    const image = await run(ports, { operation: 'get_object', bucket: 'b', key: 'logo.png' });
    expect(image.emitted[0]!.msg.payload).toMatchObject({
      contentType: 'image/png',
      encoding: 'base64',
      data: 'iVBORw==',
    });
  });

  it('says a missing key and a missing bucket in pt-BR, naming the field', async () => {
    const ports = awsPorts();
    ports.httpHandler = () => s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    expect(await fails(ports, { operation: 'get_object', bucket: 'b', key: 'x' })).toBe(
      'O Amazon S3 recusou a chamada: não existe arquivo com essa "Chave" no bucket (NoSuchKey: The specified key does not exist.).',
    );
    ports.httpHandler = () => s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    expect(
      await fails(ports, { operation: 'put_object', bucket: 'b', key: 'x', content: '' }),
    ).toBe(
      'O Amazon S3 recusou a chamada: não existe o bucket de "Bucket" (NoSuchBucket: The specified bucket does not exist).',
    );
    ports.httpHandler = () => s3Error(403, 'SignatureDoesNotMatch', 'The request signature…');
    expect(await fails(ports, { operation: 'delete_object', bucket: 'b', key: 'x' })).toMatch(
      /^O Amazon S3 recusou a chamada: a chave de acesso secreta da conta de serviço não confere/,
    );
  });

  it('lists across three pages with the continuation token', async () => {
    const ports = awsPorts();
    const page = (keys: string[], next?: string) =>
      xml(
        200,
        `<ListBucketResult><Name>b</Name><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>${keys
          .map(
            (key) =>
              `<Contents><Key>${key}</Key><LastModified>2025-01-01T10:00:00.000Z</LastModified><ETag>"e"</ETag><Size>10</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join(
            '',
          )}${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    const pages: Record<string, ReturnType<typeof page>> = {
      '': page(['a/1', 'a/2'], '1+token/=='),
      '1+token/==': page(['a/007'], 't2'),
      t2: page(['a/4']),
    };
    ports.httpHandler = (request) =>
      pages[new URL(request.url).searchParams.get('continuation-token') ?? '']!;
    const { emitted } = await run(ports, {
      operation: 'list_objects',
      bucket: 'loja',
      prefix: 'a/ b',
      return_all: true,
    });
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      'https://loja.s3.sa-east-1.amazonaws.com/?list-type=2&prefix=a%2F%20b',
      'https://loja.s3.sa-east-1.amazonaws.com/?list-type=2&prefix=a%2F%20b&continuation-token=1%2Btoken%2F%3D%3D',
      'https://loja.s3.sa-east-1.amazonaws.com/?list-type=2&prefix=a%2F%20b&continuation-token=t2',
    ]);
    for (const call of ports.httpCalls) expect(refusal(call)).toBeNull();
    const listed = emitted[0]!.msg.payload as { key: string; size: number }[];
    // A key of digits stays text.
    expect(listed.map((item) => item.key)).toEqual(['a/1', 'a/2', 'a/007', 'a/4']);
    expect(listed[0]).toEqual({
      key: 'a/1',
      size: 10,
      lastModified: '2025-01-01T10:00:00.000Z',
      etag: 'e',
      storageClass: 'STANDARD',
    });
  });

  it('retries after a 503 SlowDown, then deletes', async () => {
    const ports = awsPorts();
    const answers = [
      s3Error(503, 'SlowDown', 'Please reduce your request rate.'),
      textResponse(204, ''),
    ];
    ports.httpHandler = () => answers.shift()!;
    const { emitted } = await run(ports, { operation: 'delete_object', bucket: 'b', key: 'x' });
    expect(ports.httpCalls.map((call) => call.method)).toEqual(['DELETE', 'DELETE']);
    expect(refusal(ports.httpCalls[1]!)).toBeNull();
    expect(emitted[0]!.msg.payload).toEqual({ deleted: true });
  });

  it('presigns a GET link that is valid until it expires, without any call', async () => {
    const ports = awsPorts();
    const { emitted } = await run(ports, {
      operation: 'presign_get',
      bucket: 'loja',
      key: 'notas/nota 1.pdf',
      expires_in: 600,
    });
    expect(ports.httpCalls).toEqual([]);
    const payload = emitted[0]!.msg.payload as { url: string; expiresAt: string };
    expect(payload.expiresAt).toBe('2026-01-01T12:10:00.000Z');
    const url = new URL(payload.url);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://loja.s3.sa-east-1.amazonaws.com/notas/nota%201.pdf',
    );
    const check = (at: number) =>
      presignedRefusal(
        { method: 'GET', host: url.host, path: `${url.pathname}${url.search}` },
        secrets,
        { region: 'sa-east-1', service: 's3' },
        at,
      );
    expect(check(ports.time + 600_000)).toBeNull();
    expect(check(ports.time + 601_000)).toBe('AccessDenied');
    expect(url.searchParams.get('X-Amz-Credential')).toBe(
      `${testAwsKeys.accessKeyId}/20260101/sa-east-1/s3/aws4_request`,
    );
  });

  it('refuses a key with dot segments, which a URL would resolve into another key', async () => {
    const ports = awsPorts();
    expect(await fails(ports, { operation: 'get_object', bucket: 'b', key: 'a/../segredo' })).toBe(
      'A "Chave" não pode ter "." ou ".." entre barras.',
    );
    expect(ports.httpCalls).toEqual([]);
  });

  it('refuses a link longer than 7 days, in pt-BR', async () => {
    const ports = awsPorts();
    expect(
      await fails(ports, { operation: 'presign_get', bucket: 'b', key: 'x', expires_in: 604_801 }),
    ).toBe('O parâmetro "expires_in" deve ser no máximo 604800.');
  });
});
