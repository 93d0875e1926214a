import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { hostAllowed, hostBinding, needsDomains, parseDomainList } from './service-account-hosts';
import { serviceAccountInputSchemas } from './service-accounts.schema';

/** The WHATWG URL of Node (this package has no Node typings). */
declare const URL: new (input: string) => { hostname: string };

const m = messages.serviceAccounts;
const allows = (binding: ReturnType<typeof hostBinding>, url: string) =>
  hostAllowed(binding, new URL(url).hostname);

describe('the hosts a service account is bound to', () => {
  it("binds an account to its URL's host, whatever the port, path or spelling", () => {
    const binding = hostBinding('bearer_token', { url: 'https://API.Exemplo.com.br/v1' });
    expect(binding).toEqual({ anyHost: false, hosts: ['api.exemplo.com.br'] });
    expect(allows(binding, 'https://api.exemplo.com.br:8443/pedidos')).toBe(true);
    expect(allows(binding, 'http://api.exemplo.com.br./pedidos')).toBe(true);
    for (const other of [
      'https://outro.com.br/x',
      'https://api.exemplo.com.br.outro.com/x',
      'https://exemplo.com.br/x',
      'https://x.api.exemplo.com.br/x',
      'https://api.exemplo.com.br@outro.com/x',
    ])
      expect(allows(binding, other), other).toBe(false);
  });

  it('binds jwt to its URL and login, oauth2 to its endpoints, providers to their vendor', () => {
    expect(
      hostBinding('jwt', { url: 'https://api.a.com', auth_url: 'https://login.a.com/t' }).hosts,
    ).toEqual(['api.a.com', 'login.a.com']);
    expect(
      hostBinding('oauth2', {
        service_type: 'custom',
        authorize_url: 'https://auth.b.com/authorize',
        token_url: 'https://auth.b.com/token',
      }).hosts,
    ).toEqual(['auth.b.com']);
    expect(hostBinding('oauth2', { service_type: 'bling_erp_oauth2' }).hosts).toEqual([
      'bling.com.br',
      '*.bling.com.br',
    ]);
    // Bling's 'URL da API' (a proxy or a stand-in) joins its domains; custom OAuth2 has none.
    expect(
      hostBinding('oauth2', { service_type: 'bling_erp_oauth2', api_url: 'http://10.0.0.7/v3' })
        .hosts,
    ).toEqual(['10.0.0.7', 'bling.com.br', '*.bling.com.br']);
    expect(
      hostBinding('oauth2', { service_type: 'custom', api_url: 'http://10.0.0.7/v3' }).hosts,
    ).toEqual([]);
    const google = hostBinding('google_oauth2', {});
    expect(allows(google, 'https://sheets.googleapis.com/v4')).toBe(true);
    expect(allows(google, 'https://googleapis.com.evil.io/')).toBe(false);
    // A Google account's 'URL da API' (a proxy, a local server) joins its binding.
    const proxied = hostBinding('google_oauth2', { api_url: 'http://10.0.0.9:8080' });
    expect(allows(proxied, 'http://10.0.0.9:8080/gmail/v1/users/me/labels')).toBe(true);
    expect(allows(proxied, 'https://gmail.googleapis.com/gmail/v1')).toBe(true);
    const aws = hostBinding('aws_access_key', {});
    expect(allows(aws, 'https://sqs.sa-east-1.amazonaws.com/1/fila')).toBe(true);
    expect(allows(aws, 'https://minio.local/balde')).toBe(false);
    // The installation's own provider addresses (PONTE_OAUTH_*) count too.
    expect(hostBinding('slack_oauth2', {}, ['127.0.0.2']).hosts).toContain('127.0.0.2');
    // Slack's 'URL da API' joins its domains; the upload address is on files.slack.com.
    const slack = hostBinding('slack_oauth2', { api_url: 'http://127.0.0.8:9/api' });
    expect(slack.hosts).toEqual(['127.0.0.8', 'slack.com', '*.slack.com']);
    expect(allows(slack, 'https://files.slack.com/upload/v1/ABC')).toBe(true);
  });

  it('adds the listed domains, a wildcard covering subdomains only, and lifts it all with "all"', () => {
    const binding = hostBinding('http_basic', {
      allowed_domains: 'specific',
      domains: 'api.loja.com.br, *.erp.com.br; https://10.0.0.5:8080/api',
    });
    expect(binding.hosts).toEqual(['api.loja.com.br', '*.erp.com.br', '10.0.0.5']);
    expect(allows(binding, 'https://a.b.erp.com.br/')).toBe(true);
    expect(allows(binding, 'https://erp.com.br/')).toBe(false);
    expect(allows(binding, 'https://xerp.com.br/')).toBe(false);
    expect(allows(binding, 'http://10.0.0.5/')).toBe(true);
    expect(allows(binding, 'http://0x0a000005/')).toBe(true);
    expect(hostBinding('http_basic', {})).toEqual({ anyHost: false, hosts: [] });
    const all = hostBinding('http_basic', { allowed_domains: 'all', domains: 'a.com' });
    expect(allows(all, 'https://qualquer.com/')).toBe(true);
  });

  it('refuses entries that are not hosts', () => {
    for (const entry of ['*', '*.com', 'a<b.com', 'evil.com@api.x.com', '*.[::1]', 'a*.x.com'])
      expect(parseDomainList(entry).invalid, entry).not.toBeNull();
    expect(parseDomainList('[::1], Ünïcode.com.br')).toEqual({
      domains: ['[::1]', 'xn--ncode-cta3g.com.br'],
      invalid: null,
    });
  });
});

describe('the allowed domains in the account form', () => {
  it('defaults to the specific domains and checks every listed entry', () => {
    const bearer = serviceAccountInputSchemas.bearer_token;
    expect(bearer.parse({ token: 't', url: 'https://api.x.com' })).toMatchObject({
      allowed_domains: 'specific',
    });
    expect(bearer.safeParse({ token: 't', domains: 'api.x.com' }).success).toBe(true);
    expect(
      bearer.safeParse({ token: 't', domains: 'api.x.com, *' }).error?.issues[0],
    ).toMatchObject({ path: ['domains'], message: m.domainInvalid('*') });
    expect(
      serviceAccountInputSchemas.smtp_account.parse({ host: 'smtp.x.com' }),
    ).not.toHaveProperty('allowed_domains');
  });

  it('asks for domains only when an account that signs requests names no host at all', () => {
    expect(needsDomains('bearer_token', { token: 't' })).toBe(true);
    expect(needsDomains('bearer_token', { url: 'https://api.x.com' })).toBe(false);
    expect(needsDomains('http_basic', { domains: 'api.x.com' })).toBe(false);
    expect(needsDomains('http_basic', { allowed_domains: 'all' })).toBe(false);
    expect(needsDomains('aws_access_key', {})).toBe(false);
    expect(needsDomains('oauth2', { service_type: 'custom' })).toBe(true);
    expect(needsDomains('smtp_account', {})).toBe(false);
  });
});
