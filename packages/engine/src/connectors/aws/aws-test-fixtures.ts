import { createHash } from 'node:crypto';
import aws4 from 'aws4';
import type { HttpRequest } from '../../ports';
import { createFakePorts, type FakePorts } from '../../testing/fake-ports';

/**
 * Checks of a SigV4 signature for the AWS connectors' tests and stand-ins: the signature is
 * recomputed with `aws4` from the request as it arrived and the secret the service knows
 * (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html),
 * so a request signed with another secret, region, service, body or header fails.
 */

export const testAwsKeys = { accessKeyId: 'AKIALOJAEXEMPLO', secretAccessKey: 'segredo-da-aws' };

/** Fake ports with the account `aws` (the test keys, in São Paulo unless `data` says). */
export function awsPorts(data: Record<string, unknown> = {}): FakePorts {
  const ports = createFakePorts();
  ports.accounts.aws = {
    _id: 'aws',
    name: 'AWS da loja',
    type: 'aws_access_key',
    data: {
      access_key_id: testAwsKeys.accessKeyId,
      secret_access_key: testAwsKeys.secretAccessKey,
      ...data,
    },
  };
  return ports;
}

export interface ArrivedRequest {
  method: string;
  /** `host[:port]` as it arrived. */
  host: string;
  /** Path and query as they arrived. */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Null when the request carries a valid SigV4 `Authorization` of a known key for `region` and
 * `service`; else the AWS error code a service would answer.
 */
export function sigV4Refusal(
  request: ArrivedRequest,
  secrets: Record<string, string>,
  scope: { region: string; service: string },
): 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | null {
  const authorization = request.headers.authorization ?? '';
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=[0-9a-f]{64}$/.exec(
      authorization,
    );
  const secret = parts ? secrets[parts[1]!] : undefined;
  if (!parts || secret === undefined) return 'InvalidAccessKeyId';
  const [, keyId, day, region, service, signedNames] = parts as unknown as string[];
  const amzDate = request.headers['x-amz-date'] ?? '';
  const names = signedNames!.split(';');
  if (
    region !== scope.region ||
    service !== scope.service ||
    !amzDate.startsWith(day!) ||
    !names.includes('host') ||
    !names.includes('x-amz-date') ||
    (request.body && !names.includes('content-type'))
  ) {
    return 'SignatureDoesNotMatch';
  }
  // S3 signs the hash the header states: it must be the body's.
  if (service === 's3' && request.headers['x-amz-content-sha256'] !== sha256(request.body)) {
    return 'SignatureDoesNotMatch';
  }
  const headers: Record<string, string> = {};
  for (const name of names) {
    headers[name] = name === 'host' ? request.host : (request.headers[name] ?? '');
  }
  const expected = aws4.sign(
    {
      method: request.method,
      host: request.host,
      path: request.path,
      headers,
      body: request.body,
      region,
      service,
    },
    { accessKeyId: keyId!, secretAccessKey: secret },
  );
  return expected.headers?.Authorization === authorization ? null : 'SignatureDoesNotMatch';
}

/**
 * Null when a presigned URL (SigV4 in the query) is valid at `now` for a known key; else the
 * AWS error code (`AccessDenied` once it expired).
 */
export function presignedRefusal(
  request: { method: string; host: string; path: string },
  secrets: Record<string, string>,
  scope: { region: string; service: string },
  now: number,
): 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'AccessDenied' | null {
  const url = new URL(request.path, `http://${request.host}`);
  const query = url.searchParams;
  const credential = (query.get('X-Amz-Credential') ?? '').split('/');
  const secret = secrets[credential[0] ?? ''];
  if (credential.length !== 5 || secret === undefined) return 'InvalidAccessKeyId';
  if (credential[2] !== scope.region || credential[3] !== scope.service) {
    return 'SignatureDoesNotMatch';
  }
  const signature = query.get('X-Amz-Signature');
  query.delete('X-Amz-Signature');
  const signed = aws4.sign(
    {
      method: request.method,
      host: request.host,
      path: `${url.pathname}?${query.toString()}`,
      signQuery: true,
      region: scope.region,
      service: scope.service,
    },
    { accessKeyId: credential[0]!, secretAccessKey: secret },
  );
  const expected = new URL(signed.path ?? '', 'http://x').searchParams.get('X-Amz-Signature');
  if (!signature || expected !== signature) return 'SignatureDoesNotMatch';
  const date = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(query.get('X-Amz-Date') ?? '');
  if (!date) return 'SignatureDoesNotMatch';
  const [, y, mo, d, h, mi, s] = date.map(Number) as number[];
  const signedAt = Date.UTC(y!, mo! - 1, d, h, mi, s);
  const expires = Number(query.get('X-Amz-Expires'));
  return now > signedAt + expires * 1000 ? 'AccessDenied' : null;
}

/** `sigV4Refusal` of a call as the fake HTTP port saw it (the transport adds Content-Length). */
export function callRefusal(
  request: HttpRequest,
  secrets: Record<string, string>,
  scope: { region: string; service: string },
) {
  const url = new URL(request.url);
  const body = typeof request.body === 'string' ? request.body : '';
  const length = body ? { 'content-length': String(Buffer.byteLength(body)) } : {};
  return sigV4Refusal(
    {
      method: request.method,
      host: url.host,
      path: `${url.pathname}${url.search}`,
      headers: { ...request.headers, ...length },
      body,
    },
    secrets,
    scope,
  );
}
