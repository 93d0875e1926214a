import { serviceRetryDefaults } from '@ponte/shared/flow/node-on-error';
import { defineNode } from '../../../kit/define-node';
import { retryAfterMs } from '../../../executor/failure-facts';
import type { HttpResponse } from '../../../ports';
import {
  httpAccountTypes,
  httpAuth,
  resolveUrl,
  sendAuthorized,
  type AuthorizeInput,
  type HttpAuth,
} from './http-auth';
import { encodeBody, parseResponseBody, type BodyType } from './http-body';

const pairs = (rows: Record<string, unknown>[] | undefined) =>
  (rows ?? [])
    .map(
      (row) =>
        [String(row.key ?? '').trim(), row.value === undefined ? '' : String(row.value)] as const,
    )
    .filter(([key]) => key);

/** 508 Loop Detected is a refusal (a chain of flows past its limit): asking again cannot help. */
const retryable = (status: number) => status === 429 || (status >= 500 && status !== 508);

export const httpRequestNode = defineNode({
  type: 'core_http_request',
  version: 1,
  category: 'action',
  label: 'Requisição HTTP',
  description: 'Chama uma API HTTP e coloca a resposta em msg.payload.',
  icon: 'world',
  onErrorDefault: serviceRetryDefaults,
  params: {
    method: {
      type: 'select',
      label: 'Método',
      default: 'GET',
      options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((m) => ({
        label: m,
        value: m,
      })),
    },
    url: {
      type: 'text',
      label: 'URL',
      required: true,
      placeholder: 'https://api.exemplo.com.br/pedidos',
    },
    headers: {
      type: 'table-params',
      label: 'Cabeçalhos',
      columns: [
        { key: 'key', label: 'Nome', type: 'text' },
        { key: 'value', label: 'Valor', type: 'text' },
      ],
    },
    query: {
      type: 'table-params',
      label: 'Parâmetros da URL',
      columns: [
        { key: 'key', label: 'Nome', type: 'text' },
        { key: 'value', label: 'Valor', type: 'text' },
      ],
    },
    body_type: {
      type: 'select',
      label: 'Tipo do corpo',
      default: 'none',
      options: [
        { label: 'Nenhum', value: 'none' },
        { label: 'JSON', value: 'json' },
        { label: 'Formulário (urlencoded)', value: 'form' },
        { label: 'Multipart (arquivos)', value: 'multipart' },
        { label: 'Texto', value: 'raw' },
      ],
    },
    body: { type: 'textarea', label: 'Corpo', valueType: 'any' },
    timeout_ms: {
      type: 'number',
      label: 'Tempo limite (ms)',
      default: 30_000,
      min: 1,
      // A timer cannot hold much more; ten minutes is longer than any gateway waits.
      max: 600_000,
    },
    retries: {
      type: 'number',
      label: 'Novas tentativas imediatas',
      description:
        "Repetidas dentro do conector, segurando a execução. Para esperas maiores, que sobrevivem a um reinício, use 'Em caso de erro'.",
      default: 0,
      min: 0,
      max: 10,
    },
    service_account: {
      type: 'service_account',
      label: 'Conta de serviço',
      accepts: httpAccountTypes,
    },
    aws_region: {
      type: 'text',
      label: 'Região AWS',
      placeholder: 'us-east-1',
      description: 'Só para contas AWS, quando a URL não diz a região.',
    },
    aws_service: {
      type: 'text',
      label: 'Serviço AWS',
      placeholder: 's3',
      description: 'Só para contas AWS, quando a URL não diz o serviço.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const headers: Record<string, string> = {};
    let auth: HttpAuth | undefined;
    if (params.service_account) {
      const account = await ports.serviceAccounts.get(scope, params.service_account, signal);
      if (!account) throw new Error('A conta de serviço escolhida não existe mais.');
      auth = httpAuth(account, {
        serviceAccounts: ports.serviceAccounts,
        scope,
        signal,
        awsRegion: params.aws_region?.trim() || undefined,
        awsService: params.aws_service?.trim() || undefined,
      });
    }
    const url = resolveUrl(params.url, auth?.baseUrl);
    for (const [key, value] of pairs(params.query)) url.searchParams.append(key, value);
    const encoded = await encodeBody(params.body_type as BodyType, params.body);
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
    for (const [key, value] of pairs(params.headers)) headers[key.toLowerCase()] = value;

    /** One request with its retries: the answer, or the last network failure. */
    const send = async (authorize: (request: AuthorizeInput) => Record<string, string>) => {
      let response: HttpResponse | undefined;
      let failure: unknown;
      for (let attempt = 0; attempt <= params.retries; attempt++) {
        if (attempt > 0)
          await ports.clock.sleep(Math.min(30_000, 500 * 2 ** (attempt - 1)), signal);
        const request = {
          method: params.method,
          url: url.toString(),
          ...(encoded.body !== undefined ? { body: encoded.body } : {}),
        };
        const sent = authorize({ ...request, url, headers });
        try {
          response = await ports.http.request({
            ...request,
            headers: sent,
            timeoutMs: params.timeout_ms,
            signal,
          });
          failure = undefined;
          if (!retryable(response.status)) break;
        } catch (error) {
          signal.throwIfAborted();
          failure = error;
          response = undefined;
        }
      }
      return { response, failure };
    };

    const { response, failure } = await sendAuthorized(auth, url, () => ports.clock.now(), send);
    if (!response) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      // The cause says whether a timeout or the network failed ('Em caso de erro' matches it).
      throw new Error(`A requisição HTTP falhou: ${reason}`, { cause: failure });
    }
    const payload = parseResponseBody(response.headers['content-type'], response.body);
    if (response.status < 200 || response.status >= 300) {
      const error = new Error(`A requisição HTTP falhou com status ${response.status}.`);
      const wait = retryAfterMs(response.headers['retry-after'], ports.clock.now());
      Object.assign(error, {
        details: {
          status: response.status,
          body: payload,
          ...(wait === undefined ? {} : { retry_after_ms: wait }),
        },
      });
      throw error;
    }
    return {
      output: 'default',
      msg: { ...input, payload, http: { status: response.status, headers: response.headers } },
    };
  },
});
