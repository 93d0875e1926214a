import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startOidcProvider,
  type RunningOidcProvider,
} from '../apps/server/src/test/stand-ins/oidc';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

// Single sign-on (docs/adr/0108): the owner configures a real OpenID provider (oidc-provider on
// 127.0.0.2) on /conta/login-unico; Bia, of an allowed domain, signs in with 'Entrar com
// Empresa' through the provider's sign-in page and lands in the workspace; Davi, of another
// domain, is sent back with the reason.

async function newPage(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** At the provider's development sign-in page: any password signs in the login it knows. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('qualquer-senha');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe.skipIf(!hasChromium)('Jornada: login único com OpenID Connect', () => {
  let server: RunningServer;
  let provider: RunningOidcProvider;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.2/32' });
    provider = await startOidcProvider({
      client: {
        clientId: 'ponte',
        clientSecret: 'segredo-do-cliente-ponte',
        redirectUris: [`${server.url}/account/v1/sso/empresa/callback`],
      },
      people: {
        bia: { email: 'bia@empresa.com.br', email_verified: true, name: 'Bia Nunes' },
        davi: { email: 'davi@outra.com.br', email_verified: true, name: 'Davi' },
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await server?.stop();
  });

  it('a proprietária configura o provedor na tela', async () => {
    const owner = await newPage(browser, 1440, 900);
    await signInAsAdmin(server, owner);
    await owner.goto(`${server.url}/conta`);
    await owner.getByText('Login único (SSO)').click();
    await owner.waitForURL('**/conta/login-unico');
    await owner.getByRole('button', { name: 'Adicionar provedor' }).click();
    await owner.getByLabel('Nome no botão').fill('Empresa');
    await owner.getByLabel('Identificador').fill('empresa');
    await owner.getByLabel('URL do emissor (issuer)').fill(provider.issuer);
    await owner.getByLabel('Client ID').fill('ponte');
    await owner.getByLabel('Client secret').fill('segredo-do-cliente-ponte');
    await owner.getByLabel('Domínios com entrada automática').fill('empresa.com.br');
    await snap(owner, 'sso-1440-formulario');
    await owner.getByRole('button', { name: 'Salvar' }).click();
    const card = owner.getByLabel('Empresa', { exact: true });
    await card.getByText(`${server.url}/account/v1/sso/empresa/callback`).waitFor();
    expect(await owner.getByText('segredo-do-cliente-ponte').count()).toBe(0);
    await snap(owner, 'sso-1440-provedores');
    await owner.context().close();
  });

  it("Bia entra com 'Entrar com Empresa' pelo provedor e cai no workspace", async () => {
    const bia = await newPage(browser, 1440, 900);
    await bia.goto(`${server.url}/conta/entrar`);
    await snap(bia, 'sso-1440-entrar');
    await bia.getByRole('link', { name: 'Entrar com Empresa' }).click();
    await bia.waitForURL(`${provider.issuer}/**`);
    await signInAtProvider(bia, 'bia');
    await bia.waitForURL('**/flows');
    await bia.goto(`${server.url}/conta`);
    await bia.getByText('bia@empresa.com.br').waitFor();
    await bia.getByText('Bia Nunes').first().waitFor();
    await snap(bia, 'sso-1440-conta');
    await bia.context().close();
  });

  it('Davi, de outro domínio, volta à página de entrada com o motivo (390 px)', async () => {
    const davi = await newPage(browser, 390, 844);
    await davi.goto(`${server.url}/conta/entrar`);
    await davi.getByRole('link', { name: 'Entrar com Empresa' }).click();
    await davi.waitForURL(`${provider.issuer}/**`);
    await signInAtProvider(davi, 'davi');
    await davi.waitForURL('**/conta/entrar?sso_erro=dominio**');
    await davi
      .getByText(
        'Não foi possível entrar com Empresa: o domínio do seu e-mail não tem acesso a este Ponte. Peça um convite.',
      )
      .waitFor();
    await snap(davi, 'sso-390-erro');
    await davi.context().close();
  });

  it('a tela de configuração cabe num celular (390 px)', async () => {
    const phone = await newPage(browser, 390, 844);
    await signInAsAdmin(server, phone);
    await phone.goto(`${server.url}/conta/login-unico`);
    await phone.getByText(`${server.url}/account/v1/sso/empresa/callback`).waitFor();
    await snap(phone, 'sso-390-provedores');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.context().close();
  });
});
