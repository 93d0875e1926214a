import type { HttpResponse } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import type { ConnectionTester, DecryptedAccount } from './connection-testers';

const m = messages.serviceAccounts;
const testTimeoutMs = 15_000;
/** Characters of a provider's own text shown to a person. */
const maxProviderText = 300;
/** Pages of a model list read at most (Gemini pages by 50 unless told). */
const maxPages = 10;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(response.body)) as unknown;
  } catch {
    return undefined;
  }
}

/** The provider's text with the key replaced by `***`, control characters dropped, cut short. */
function safeText(said: string, key: string): string {
  let safe = key ? said.split(key).join('***') : said;
  safe = safe.replace(/\p{Cc}+/gu, ' ').trim();
  return safe.length > maxProviderText ? `${safe.slice(0, maxProviderText)}…` : safe;
}

/** The account's base URL without a trailing slash, else the vendor's. */
const baseOf = (account: DecryptedAccount, vendor: string) =>
  (text(account.data.api_url).trim() || vendor).replace(/\/+$/, '');

/** One provider's way of listing models: the request of a page and what it gives. */
interface ModelList {
  provider: string;
  vendorUrl: string;
  request(
    base: string,
    key: string,
    account: DecryptedAccount,
    cursor: string | null,
  ): {
    url: string;
    headers: Record<string, string>;
  };
  /** The models' names on the page and the cursor of the next, from a JSON answer. */
  read(answer: Record<string, unknown>): { names: string[]; next: string | null };
  /** The provider's error message in a refusal. */
  reason(answer: Record<string, unknown>): string;
}

const namesOf = (items: unknown, field: string, strip = '') =>
  (Array.isArray(items) ? items : [])
    .map((item) => (isObject(item) ? text(item[field]) : ''))
    .filter(Boolean)
    .map((name) => (strip && name.startsWith(strip) ? name.slice(strip.length) : name));

/** `{error: {message}}` (OpenAI, Gemini, Anthropic's `{type: 'error', error: {…}}`). */
const errorMessage = (answer: Record<string, unknown>) =>
  isObject(answer.error) ? text(answer.error.message) : text(answer.message);

/**
 * openai_compatible: `GET {base}/models` with the key as Bearer
 * (https://platform.openai.com/docs/api-reference/models/list); Azure OpenAI's v1 API reads the
 * key from `api-key`. Ollama, LM Studio, vLLM, Groq and OpenRouter serve the same list.
 */
const openAiModels: ModelList = {
  provider: 'a API compatível com OpenAI',
  vendorUrl: 'https://api.openai.com/v1',
  request(base, key, account) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (key) headers.authorization = `Bearer ${key}`;
    if (key && new URL(base).hostname.endsWith('.openai.azure.com')) headers['api-key'] = key;
    const organization = text(account.data.organization).trim();
    if (organization) headers['openai-organization'] = organization;
    return { url: `${base}/models`, headers };
  },
  read: (answer) => ({ names: namesOf(answer.data, 'id'), next: null }),
  reason: errorMessage,
};

/**
 * anthropic_api: `GET /v1/models` with `x-api-key` and `anthropic-version`, paged by `after_id`
 * while `has_more` (https://docs.anthropic.com/en/api/models-list).
 */
const anthropicModels: ModelList = {
  provider: 'a Anthropic',
  vendorUrl: 'https://api.anthropic.com',
  request(base, key, _account, cursor) {
    const query = `limit=1000${cursor ? `&after_id=${encodeURIComponent(cursor)}` : ''}`;
    return {
      url: `${base}/v1/models?${query}`,
      headers: { accept: 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    };
  },
  read: (answer) => ({
    names: namesOf(answer.data, 'id'),
    next: answer.has_more === true ? text(answer.last_id) || null : null,
  }),
  reason: errorMessage,
};

/**
 * gemini_api: `GET /v1beta/models` with `x-goog-api-key`, paged by `pageToken`
 * (https://ai.google.dev/api/models#method:-models.list); names without their `models/`.
 */
const geminiModels: ModelList = {
  provider: 'o Google Gemini',
  vendorUrl: 'https://generativelanguage.googleapis.com',
  request(base, key, _account, cursor) {
    const query = `pageSize=1000${cursor ? `&pageToken=${encodeURIComponent(cursor)}` : ''}`;
    return {
      url: `${base}/v1beta/models?${query}`,
      headers: { accept: 'application/json', 'x-goog-api-key': key },
    };
  },
  read: (answer) => ({
    names: namesOf(answer.models, 'name', 'models/'),
    next: text(answer.nextPageToken) || null,
  }),
  reason: errorMessage,
};

/** Lists the provider's models through the account: the test of an AI account. */
function modelsTester(list: ModelList): ConnectionTester {
  const provider = list.provider.replace(/^\p{Ll}/u, (first) => first.toUpperCase());
  return async (account, { http, signal }) => {
    const key = text(account.data.api_key).trim();
    const base = baseOf(account, list.vendorUrl);
    const names: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < maxPages; page++) {
      const { url, headers } = list.request(base, key, account, cursor);
      const response = await http.request({
        method: 'GET',
        url,
        headers,
        timeoutMs: testTimeoutMs,
        signal,
      });
      const answer = jsonOf(response);
      if (!isObject(answer)) throw new Error(m.providerNotJson(provider, response.status));
      if (response.status >= 400) {
        const said = list.reason(answer) || m.testFailedStatus(response.status);
        throw new Error(m.modelsRefused(provider, safeText(said, key)));
      }
      const read = list.read(answer);
      names.push(...read.names.map((name) => safeText(name, key)));
      cursor = read.next;
      if (!cursor) break;
    }
    if (!names.length) throw new Error(m.modelsNone(provider));
    return m.modelsTestOk(list.provider, names);
  };
}

/** The testers of the AI providers' account types (docs/ai.md). */
export const modelTesters: Partial<Record<ServiceAccountType, ConnectionTester>> = {
  openai_compatible: modelsTester(openAiModels),
  anthropic_api: modelsTester(anthropicModels),
  gemini_api: modelsTester(geminiModels),
};
