import type { ServiceAccount } from '../../ports';
import { signAws } from '../../nodes/actions/http-request/http-auth';
import type { ConnectorDeclaration, ConnectorResponse } from '../kit/define-connector';

/**
 * What the AWS connectors (S3, SES, SQS) share: the account's region, the service's regional
 * endpoint, the SigV4 signature (the engine's `signAws`, with the `aws4` library) and the
 * refusals every AWS service gives for a key it does not take.
 */

/** The region when the account does not say: São Paulo. */
export const defaultAwsRegion = 'sa-east-1';

/** The account's 'Região' (like n8n's AWS credential), else São Paulo. */
export function awsRegion(account: ServiceAccount): string {
  const region = typeof account.data.region === 'string' ? account.data.region.trim() : '';
  return region || defaultAwsRegion;
}

/** `https://<endpoint>.<region>.amazonaws.com`: the service's address in the account's region. */
export const regionalEndpoint =
  (endpoint: string) =>
  (account: ServiceAccount): string =>
    `https://${endpoint}.${awsRegion(account)}.amazonaws.com`;

/**
 * Signs with SigV4 for `service` in the account's region, whatever the host (an 'URL da API'
 * such as MinIO's is signed the same), at the execution's clock. `prepare` may first change the
 * URL (S3 moves the bucket into the host).
 */
export function awsAuthorize(
  service: string,
  prepare?: (url: URL) => void,
): ConnectorDeclaration['authorize'] {
  return (account, request, context) => {
    prepare?.(request.url);
    const signed = signAws(
      account,
      { ...request, now: context.now().getTime() },
      { region: awsRegion(account), service },
    );
    Object.assign(request.headers, signed);
  };
}

/** The refusals of a key, common to every AWS service, in pt-BR. */
const keyRefusals: Record<string, string> = {
  InvalidAccessKeyId: 'a AWS não conhece o ID da chave de acesso da conta de serviço',
  InvalidClientTokenId: 'a AWS não conhece o ID da chave de acesso da conta de serviço',
  UnrecognizedClientException: 'a AWS não conhece o ID da chave de acesso da conta de serviço',
  SignatureDoesNotMatch: 'a chave de acesso secreta da conta de serviço não confere',
  InvalidSignatureException: 'a chave de acesso secreta da conta de serviço não confere',
  IncompleteSignature: 'a assinatura da chamada está incompleta',
  RequestTimeTooSkewed: 'o relógio do servidor do Ponte está fora da hora certa',
  AccessDenied: 'a chave da conta de serviço não tem permissão para isso (veja a política no IAM)',
  AccessDeniedException:
    'a chave da conta de serviço não tem permissão para isso (veja a política no IAM)',
  ExpiredToken: 'a credencial da conta de serviço expirou',
};

/**
 * `<label> recusou a chamada: <reason> (<code>: <message>).` from the service's code and
 * message; `known` gives the service's own reasons, naming the field.
 */
export function awsRefusal(
  label: string,
  known: Record<string, string>,
  code: string | undefined,
  message: string | undefined,
): string | undefined {
  if (!code && !message) return undefined;
  const reason = (code && (known[code] ?? keyRefusals[code])) || undefined;
  const said = [code, message].filter(Boolean).join(': ');
  return reason
    ? `O ${label} recusou a chamada: ${reason} (${said}).`
    : `O ${label} recusou a chamada: ${said}.`;
}

/** The object of a JSON answer, or an empty one. */
export const jsonAnswer = (response: ConnectorResponse): Record<string, unknown> =>
  response.body && typeof response.body === 'object' && !Array.isArray(response.body)
    ? (response.body as Record<string, unknown>)
    : {};

/**
 * The error code of a JSON protocol answer: the `x-amzn-errortype` header (REST JSON, SESv2)
 * or the body's `__type` (`com.amazonaws.sqs#QueueDoesNotExist`), without its namespace.
 */
export function jsonErrorCode(response: ConnectorResponse): string | undefined {
  const header = response.headers['x-amzn-errortype'];
  const type = header ?? jsonAnswer(response).__type ?? jsonAnswer(response).code;
  if (typeof type !== 'string' || !type) return undefined;
  return type.split(':')[0]!.split('#').pop();
}

/** The message of a JSON protocol answer (`message` or `Message`). */
export function jsonErrorMessage(response: ConnectorResponse): string | undefined {
  const body = jsonAnswer(response);
  const message = body.message ?? body.Message;
  return typeof message === 'string' && message ? message : undefined;
}

/** A list param: an array, or text separated by commas, semicolons or lines. */
export function listParam(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,;\n]/);
  return items.map((item) => item.trim()).filter(Boolean);
}
