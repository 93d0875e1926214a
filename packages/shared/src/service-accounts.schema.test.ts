import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { secretFieldNames, serviceAccountFields } from './service-account-fields';
import {
  serviceAccountBodySchema,
  serviceAccountInputSchemas,
  serviceAccountTypes,
} from './service-accounts.schema';

describe('service account schemas', () => {
  it("has every auth type of the spec table (the three provider OAuth2 types apart), the product token among them, then the connectors' own", () => {
    expect(serviceAccountTypes).toHaveLength(22);
    expect(serviceAccountTypes).toContain('ponte_token');
    expect(serviceAccountTypes.slice(-6)).toEqual([
      'telegram_bot',
      'whatsapp_cloud',
      'openai_compatible',
      'anthropic_api',
      'gemini_api',
      'mcp',
    ]);
    for (const type of serviceAccountTypes) expect(serviceAccountFields[type]).toBeDefined();
  });

  it("asks a 'Pix (API do BC)' account for its 'URL da API' and its certificate", () => {
    const pix = serviceAccountInputSchemas.pix_api;
    const refused = pix.safeParse({ client_id: 'c', api_url: '', certificate: '' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      messages.serviceAccounts.fieldRequired('URL da API'),
      messages.serviceAccounts.fieldRequired('Certificado (PEM)'),
    ]);
  });

  it("takes an empty 'URL da API' or an http(s) address, nothing else", () => {
    const bot = serviceAccountInputSchemas.telegram_bot;
    expect(bot.parse({ bot_token: 't', api_url: '' })).toMatchObject({ api_url: '' });
    expect(bot.parse({ bot_token: 't', api_url: ' http://127.0.0.2:8081 ' })).toMatchObject({
      api_url: 'http://127.0.0.2:8081',
    });
    const refused = bot.safeParse({ bot_token: 't', api_url: 'ftp://exemplo.com.br' });
    expect(refused.error?.issues[0]?.message).toBe('O campo "URL da API" é inválido.');
  });

  it('fills the defaults of spec 2 §9', () => {
    expect(
      serviceAccountInputSchemas.jwt.parse({
        auth_url: 'https://api.exemplo.com.br/login',
        username: 'u',
        password: 'p',
      }),
    ).toMatchObject({ ttl: 3600, method: 'POST' });
    expect(serviceAccountInputSchemas.gpg_auth.parse({})).toMatchObject({
      verify_server_signature: true,
    });
    expect(
      serviceAccountInputSchemas.oauth2.parse({
        client_id: 'c',
        token_url: 'https://auth.exemplo.com.br/token',
      }),
    ).toMatchObject({
      grant_type: 'client_credentials',
      service_type: 'custom',
      allowed_domains: 'specific',
    });
    expect(
      serviceAccountInputSchemas.ftp_server.parse({ host: 'ftp.exemplo.com.br' }),
    ).toMatchObject({ server_type: 'FTP', port: 21 });
  });

  it('lets an update leave a secret out, and names the field a bad value is in', () => {
    expect(
      serviceAccountInputSchemas.smtp_account.parse({ host: 'smtp.x.com' }),
    ).not.toHaveProperty('password');
    const bad = serviceAccountInputSchemas.smtp_account.safeParse({
      host: 'smtp.x.com',
      port: 70000,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('O campo "Porta" é inválido.');
    const missing = serviceAccountInputSchemas.http_basic.safeParse({
      username: '',
      password: 'x',
    });
    expect(missing.error?.issues[0]?.message).toBe('O campo "Usuário" é obrigatório.');
  });

  it('marks passwords, tokens, keys and the database URI as secrets', () => {
    expect(secretFieldNames('database_uri')).toEqual(['uri']);
    expect(secretFieldNames('gpg_auth')).toEqual(['private_key', 'passphrase']);
    expect(secretFieldNames('oauth2')).toEqual(['client_secret', 'access_token', 'refresh_token']);
  });

  it('refuses an unknown type with a pt-BR message', () => {
    const parsed = serviceAccountBodySchema.safeParse({ name: 'x', auth_type: 'telnet' });
    expect(parsed.error?.issues[0]?.message).toBe('Escolha um tipo de autenticação válido.');
  });
});
