import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the AI providers' model lists, for the accounts' 'Testar conexão', written from
 * their references:
 * - OpenAI (https://platform.openai.com/docs/api-reference/models/list): `GET /v1/models` with
 *   `Authorization: Bearer <key>` answers `{object: 'list', data: [{id, object: 'model',
 *   created, owned_by}]}`; a wrong key 401 `{error: {message, type: 'invalid_request_error',
 *   code: 'invalid_api_key'}}`. `GET /local/v1/models` answers without a key, as Ollama does.
 * - Anthropic (https://docs.anthropic.com/en/api/models-list): `GET /v1/models` with
 *   `x-api-key` and `anthropic-version`, paged by `limit` and `after_id` (`has_more`,
 *   `last_id`); a wrong key 401 `{type: 'error', error: {type: 'authentication_error', message:
 *   'invalid x-api-key'}}`.
 * - Gemini (https://ai.google.dev/api/models#method:-models.list): `GET /v1beta/models` with
 *   `x-goog-api-key`, paged by `pageSize` and `pageToken` (`nextPageToken`); a wrong key 400
 *   `{error: {code: 400, message: 'API key not valid. Please pass a valid API key.', status:
 *   'INVALID_ARGUMENT'}}`.
 */
export interface ModelApisStandIn {
  url: string;
  /** Every call: path with its query and the headers that carry keys. */
  calls: { path: string; headers: Record<string, string | undefined> }[];
  close(): Promise<void>;
}

const openAiModels = ['gpt-4o', 'gpt-4o-mini', 'o3-mini'];
const anthropicModels = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'];
const geminiModels = ['gemini-2.5-pro', 'gemini-2.5-flash', 'text-embedding-004'];

export async function startModelApisStandIn(host: string, key: string): Promise<ModelApisStandIn> {
  const calls: ModelApisStandIn['calls'] = [];
  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  function openAi(request: IncomingMessage, response: ServerResponse, local: boolean) {
    if (!local && request.headers.authorization !== `Bearer ${key}`) {
      return send(response, 401, {
        error: {
          message:
            'Incorrect API key provided: sk-erra***. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    const data = (local ? ['llama3.2:3b'] : openAiModels).map((id) => ({
      id,
      object: 'model',
      created: 1_764_000_000,
      owned_by: local ? 'library' : 'openai',
    }));
    return send(response, 200, { object: 'list', data });
  }

  /** Anthropic pages of one model each, to follow `after_id`. */
  function anthropic(request: IncomingMessage, url: URL, response: ServerResponse) {
    if (request.headers['x-api-key'] !== key || !request.headers['anthropic-version']) {
      return send(response, 401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      });
    }
    const after = url.searchParams.get('after_id');
    const start = after ? anthropicModels.indexOf(after) + 1 : 0;
    const page = anthropicModels.slice(start, start + 1);
    return send(response, 200, {
      data: page.map((id) => ({
        id,
        type: 'model',
        display_name: id,
        created_at: '2026-01-01T00:00:00Z',
      })),
      has_more: start + 1 < anthropicModels.length,
      first_id: page[0] ?? null,
      last_id: page.at(-1) ?? null,
    });
  }

  /** Gemini pages of two models, to follow `nextPageToken`. */
  function gemini(request: IncomingMessage, url: URL, response: ServerResponse) {
    if (request.headers['x-goog-api-key'] !== key) {
      return send(response, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
        },
      });
    }
    const start = Number(url.searchParams.get('pageToken') ?? 0);
    const page = geminiModels.slice(start, start + 2);
    return send(response, 200, {
      models: page.map((name) => ({ name: `models/${name}`, displayName: name })),
      ...(start + 2 < geminiModels.length ? { nextPageToken: String(start + 2) } : {}),
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    calls.push({
      path: `${url.pathname}${url.search}`,
      headers: {
        authorization: request.headers.authorization,
        'api-key': request.headers['api-key'] as string | undefined,
        'openai-organization': request.headers['openai-organization'] as string | undefined,
        'x-api-key': request.headers['x-api-key'] as string | undefined,
        'anthropic-version': request.headers['anthropic-version'] as string | undefined,
        'x-goog-api-key': request.headers['x-goog-api-key'] as string | undefined,
      },
    });
    if (request.method !== 'GET')
      return send(response, 405, { error: { message: 'Method not allowed' } });
    if (url.pathname === '/openai/v1/models') return openAi(request, response, false);
    if (url.pathname === '/local/v1/models') return openAi(request, response, true);
    if (url.pathname === '/anthropic/v1/models') return anthropic(request, url, response);
    if (url.pathname === '/gemini/v1beta/models') return gemini(request, url, response);
    return send(response, 404, { error: { message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
