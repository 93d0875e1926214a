import type { HttpResponse } from '@ponte/engine/ports';
import { telegramApiUrl } from '@ponte/engine/connectors/telegram/telegram.connector';
import { whatsappApiUrl } from '@ponte/engine/connectors/whatsapp/whatsapp.connector';
import { signAws } from '@ponte/engine/nodes/actions/http-request/http-auth';
import { messages } from '@ponte/shared/messages';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { testPixApiAccount } from '../../adapters/service-account-tokens/pix-api-token';
import { sankhyaBaseUrl } from '../../adapters/service-account-tokens/sankhya-token';
import type { ServiceProvidersConfig } from './service-accounts.config';
import type { ConnectionTester, DecryptedAccount } from './connection-testers';
import { modelTesters } from './model-testers';

const m = messages.serviceAccounts;
const testTimeoutMs = 15_000;
/** Characters of a provider's own text (an Omie fault, a Sankhya reason) shown to a person. */
const maxProviderText = 300;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A provider's text made safe to show: every secret of the account replaced by `***`, control
 * characters dropped, cut to a readable length.
 */
function withoutSecrets(said: string, secrets: readonly unknown[]): string {
  let safe = said;
  for (const secret of secrets) {
    const value = text(secret);
    if (value) safe = safe.split(value).join('***');
  }
  safe = safe.replace(/\p{Cc}+/gu, ' ').trim();
  return safe.length > maxProviderText ? `${safe.slice(0, maxProviderText)}…` : safe;
}

function jsonOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(response.body)) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first `<tag>…</tag>` of an XML answer, when it is a plain word (an ARN, an error code). */
function xmlTag(xml: string, tag: string, pattern: RegExp): string | null {
  const found = new RegExp(`<${tag}>([^<]{1,2048})</${tag}>`).exec(xml)?.[1]?.trim();
  return found !== undefined && pattern.test(found) ? found : null;
}

const stsBody = 'Action=GetCallerIdentity&Version=2011-06-15';

/** aws_access_key: a SigV4-signed STS GetCallerIdentity (service sts, region us-east-1). */
function awsTester(stsUrl: string, now: () => Date): ConnectionTester {
  return async (account, { http, signal }) => {
    const url = new URL(`${stsUrl}/`);
    const headers = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
    const signed = signAws(
      account,
      { method: 'POST', url, headers, body: stsBody, now: now().getTime() },
      { region: 'us-east-1', service: 'sts' },
    );
    const response = await http.request({
      method: 'POST',
      url: url.toString(),
      headers: { ...headers, ...signed },
      body: stsBody,
      timeoutMs: testTimeoutMs,
      signal,
    });
    const xml = new TextDecoder().decode(response.body);
    if (response.status >= 400) {
      const code = xmlTag(xml, 'Code', /^[A-Za-z0-9.]{1,100}$/);
      if (code === 'InvalidClientTokenId') throw new Error(m.awsUnknownKey);
      if (code === 'SignatureDoesNotMatch') throw new Error(m.awsBadSignature);
      if (code) throw new Error(m.awsRefused(code, response.status));
      throw new Error(m.testFailedStatus(response.status));
    }
    const arn = xmlTag(xml, 'Arn', /^arn:[\w+=,.@:/-]{1,2000}$/);
    if (!arn) throw new Error(m.awsNoIdentity);
    return m.awsTestOk(arn);
  };
}

/**
 * omie_erp: Omie's JSON-RPC `ListarEmpresas`, one company of one page, at the account's 'URL da
 * API' (which holds `/api/v1`) or the configured Omie address.
 */
function omieTester(omieUrl: string): ConnectionTester {
  return async (account, { http, signal }) => {
    const { app_key: appKey, app_secret: appSecret } = account.data;
    const apiUrl = text(account.data.api_url).trim().replace(/\/+$/, '');
    const response = await http.request({
      method: 'POST',
      url: `${apiUrl || `${omieUrl}/api/v1`}/geral/empresas/`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        call: 'ListarEmpresas',
        app_key: text(appKey),
        app_secret: text(appSecret),
        param: [{ pagina: 1, registros_por_pagina: 1, apenas_importado_api: 'N' }],
      }),
      timeoutMs: testTimeoutMs,
      signal,
    });
    const answer = jsonOf(response);
    if (isObject(answer) && typeof answer.faultstring === 'string') {
      throw new Error(m.omieFault(withoutSecrets(answer.faultstring, [appSecret, appKey])));
    }
    if (!isObject(answer)) throw new Error(m.providerNotJson('O Omie', response.status));
    if (response.status >= 400) throw new Error(m.testFailedStatus(response.status));
    const first: unknown = Array.isArray(answer.empresas_cadastro)
      ? answer.empresas_cadastro[0]
      : undefined;
    const company = isObject(first) ? text(first.razao_social) || text(first.nome_fantasia) : '';
    return m.omieTestOk(company ? withoutSecrets(company, [appSecret, appKey]) : null);
  };
}

/** Why Sankhya refused: `error.descricao`, a text `error`, or the status. */
function sankhyaReason(answer: unknown, status: number, account: DecryptedAccount): string {
  const secrets = [account.data.token, account.data.password];
  if (isObject(answer)) {
    const error = answer.error;
    if (isObject(error) && typeof error.descricao === 'string' && error.descricao.trim())
      return withoutSecrets(error.descricao, secrets);
    if (typeof error === 'string' && error.trim()) return withoutSecrets(error, secrets);
  }
  return m.testFailedStatus(status);
}

/**
 * sankhya_partner_id: the gateway's login with token, appkey, username and password, at the
 * account's 'URL da API' or the configured gateway.
 */
function sankhyaTester(sankhyaUrl: string): ConnectionTester {
  return async (account, { http, signal }) => {
    const data = account.data;
    const response = await http.request({
      method: 'POST',
      url: `${sankhyaBaseUrl(data, sankhyaUrl)}/login`,
      headers: {
        accept: 'application/json',
        token: text(data.token),
        appkey: text(data.appkey),
        username: text(data.username),
        password: text(data.password),
      },
      timeoutMs: testTimeoutMs,
      signal,
    });
    const answer = jsonOf(response);
    const bearer = isObject(answer) ? answer.bearerToken : undefined;
    if (response.status < 400 && typeof bearer === 'string' && bearer !== '')
      return m.sankhyaTestOk;
    if (answer === undefined && response.status < 400)
      throw new Error(m.providerNotJson('A Sankhya', response.status));
    throw new Error(m.sankhyaRefused(sankhyaReason(answer, response.status, account)));
  };
}

/** telegram_bot: the Bot API's `getMe` (https://core.telegram.org/bots/api#getme). */
const telegramTester: ConnectionTester = async (account, { http, signal }) => {
  const token = text(account.data.bot_token);
  const base = (text(account.data.api_url).trim() || telegramApiUrl).replace(/\/+$/, '');
  const response = await http.request({
    method: 'POST',
    url: `${base}/bot${token}/getMe`,
    headers: { accept: 'application/json' },
    timeoutMs: testTimeoutMs,
    signal,
  });
  const answer = jsonOf(response);
  if (!isObject(answer)) throw new Error(m.providerNotJson('O Telegram', response.status));
  const bot = isObject(answer.result) ? text(answer.result.username) : '';
  if (answer.ok === true && bot) return m.telegramTestOk(withoutSecrets(bot, [token]));
  const said = text(answer.description) || m.testFailedStatus(response.status);
  throw new Error(m.telegramRefused(withoutSecrets(said, [token])));
};

/**
 * whatsapp_cloud: the Graph API's phone number node
 * (https://developers.facebook.com/docs/graph-api/reference/whatsapp-business-phone-number/).
 */
const whatsappTester: ConnectionTester = async (account, { http, signal }) => {
  const token = text(account.data.access_token);
  const base = (text(account.data.api_url).trim() || whatsappApiUrl).replace(/\/+$/, '');
  const phone = encodeURIComponent(text(account.data.phone_number_id).trim());
  const response = await http.request({
    method: 'GET',
    url: `${base}/${phone}?fields=display_phone_number,verified_name`,
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    timeoutMs: testTimeoutMs,
    signal,
  });
  const answer = jsonOf(response);
  if (!isObject(answer)) throw new Error(m.providerNotJson('O WhatsApp', response.status));
  const number = text(answer.display_phone_number);
  if (response.status < 400 && number)
    return m.whatsappTestOk(number, withoutSecrets(text(answer.verified_name), [token]));
  const error = isObject(answer.error) ? answer.error : {};
  const said = text(error.message) || m.testFailedStatus(response.status);
  throw new Error(m.whatsappRefused(withoutSecrets(said, [token])));
};

/**
 * The testers of the key-based provider types (AWS, Omie, Sankhya, Pix): each makes one documented
 * call to the provider at the configured base URL, through the app's guarded HTTP client.
 * `now` dates the AWS signature (the app's clock).
 */
export function createProviderTesters(
  providers: ServiceProvidersConfig,
  now: () => Date,
): Partial<Record<ServiceAccountType, ConnectionTester>> {
  return {
    aws_access_key: awsTester(providers.awsStsUrl, now),
    omie_erp: omieTester(providers.omieUrl),
    sankhya_partner_id: sankhyaTester(providers.sankhyaUrl),
    telegram_bot: telegramTester,
    whatsapp_cloud: whatsappTester,
    // A token of the PSP's Pix API, over mutual TLS with the account's certificate.
    pix_api: (account, { http, signal }) => testPixApiAccount(http, account, signal),
    ...modelTesters,
  };
}
