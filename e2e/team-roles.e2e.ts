import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { hasChromium, launchBrowser } from './support/browser';
import { adminToken, apiClient, createFlow } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin } from './support/session';

// A team (docs/adr/0106): the owner invites Carla by link as an Operador; Carla accepts it in a
// browser of her own, makes her account, and finds the flow read-only.

/** Screenshots to look at, outside the repository. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(tmpdir(), `team-roles-${name}.png`), fullPage: true });

async function newPage(browser: Browser, width: number, height: number) {
  const context: BrowserContext = await browser.newContext({
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

describe.skipIf(!hasChromium)('Jornada: convite por link e papéis', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Page;
  let link = '';
  let flowId = '';

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    const call = apiClient(server, await adminToken(server));
    expect((await call('PUT', '/api/v1/users/me', { name: 'Ana Lima' })).status).toBe(200);
    flowId = await createFlow(call, 'Pedidos da loja', [
      { type: 'core_manual_trigger' },
      { type: 'core_log', params: { label: 'Pedido', message: 'ok' } },
    ]);
    owner = await newPage(browser, 1440, 900);
    await owner.goto(`${server.url}/conta/entrar`);
    await owner.getByLabel('E-mail').fill(admin.PONTE_ADMIN_EMAIL);
    await owner.getByLabel('Senha', { exact: true }).fill(admin.PONTE_ADMIN_PASSWORD);
    await owner.getByRole('button', { name: 'Entrar' }).click();
    await owner.waitForURL('**/flows');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a proprietária cria um link de convite para um Operador', async () => {
    await owner.goto(`${server.url}/conta/usuarios`);
    const panel = owner.getByRole('region', { name: 'Convidar por link' });
    await panel.getByRole('combobox', { name: 'Papel do convidado' }).click();
    await owner.getByRole('option', { name: 'Operador' }).click();
    await panel.getByRole('button', { name: 'Criar link de convite' }).click();
    link = ((await panel.getByLabel('Link').textContent()) ?? '').trim();
    expect(link).toMatch(/\/convite\/[\w-]+$/);
    await shot(owner, '1440-link');
    await panel.getByRole('button', { name: 'Concluir' }).click();
    await panel.getByRole('table', { name: 'Convites abertos' }).getByText('Operador').waitFor();
  });

  it('Carla aceita o convite em outro navegador e entra como Operador', async () => {
    const carla = await newPage(browser, 390, 844);
    await carla.goto(link);
    await carla.getByRole('heading', { name: /^Convite para o workspace / }).waitFor();
    await carla.getByText('Ana Lima convidou você').waitFor();
    await shot(carla, '390-convite');
    await carla.getByLabel('Seu nome').fill('Carla Dias');
    await carla.getByLabel('E-mail').fill('carla@exemplo.com.br');
    await carla.getByLabel('Senha', { exact: true }).fill('senha-da-carla-1');
    await carla.getByRole('button', { name: 'Aceitar convite' }).click();
    await carla.waitForURL('**/flows');

    // The flow opens read-only: no 'Salvar', and the reason at hand.
    await carla.setViewportSize({ width: 1440, height: 900 });
    await carla.goto(`${server.url}/flows/${flowId}`);
    await carla.locator('.react-flow__node').first().waitFor();
    expect(await carla.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await carla.getByText('Somente leitura').hover();
    await carla.getByText('Seu papel (Operador) não permite editar flows.').waitFor();
    await shot(carla, '1440-editor-operador');

    // The link is spent: a second visit says so.
    const late = await newPage(browser, 1440, 900);
    await late.goto(link);
    await late.getByText('Este convite não vale mais').waitFor();
  });

  it('a proprietária vê Carla entre os membros e a torna Editora', async () => {
    await owner.goto(`${server.url}/conta/usuarios`);
    const row = owner.getByRole('row', { name: /Carla Dias/ });
    await row.getByText('carla@exemplo.com.br').waitFor();
    await row.getByRole('combobox', { name: 'Papel de Carla Dias' }).click();
    await owner.getByRole('option', { name: 'Editor' }).click();
    await owner.getByText('Papel alterado. Carla Dias: Editor.').waitFor();
    await shot(owner, '1440-membros');
    const phone = await newPage(browser, 390, 844);
    await phone.goto(`${server.url}/auth?token=${await adminToken(server)}`);
    await phone.waitForURL('**/flows');
    await phone.goto(`${server.url}/conta/usuarios`);
    await phone.getByText('Carla Dias').waitFor();
    await shot(phone, '390-membros');
  });

  it('a proprietária limita Carla ao grupo Vendas, e Carla passa a ver só o que é de Vendas', async () => {
    const call = apiClient(server, await adminToken(server));
    const group = async (name: string) =>
      (await call('POST', '/api/v1/groups', { name })).body._id as string;
    const sales = await group('Vendas');
    const finance = await group('Financeiro');
    const flow = (name: string, groupId: string) =>
      call('POST', '/api/v1/flows', {
        name,
        enabled: false,
        group: groupId,
        data: { version: 1, nodes: [], edges: [] },
      });
    expect((await flow('Pedidos de vendas', sales)).status).toBe(201);
    expect((await flow('Notas do financeiro', finance)).status).toBe(201);

    await owner.goto(`${server.url}/conta/usuarios`);
    const row = owner.getByRole('row', { name: /Carla Dias/ });
    await row.getByRole('button', { name: 'Grupos de Carla Dias: Todos os grupos' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Grupos de Carla Dias' });
    await dialog.getByRole('combobox', { name: 'Grupos' }).click();
    await owner.getByRole('option', { name: 'Vendas' }).click();
    await shot(owner, '1440-grupos-da-carla');
    await dialog.getByText('Limitada a alguns grupos').click(); // closes the list
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await owner.getByText('Acesso alterado. Carla Dias.').waitFor();
    await row.getByRole('button', { name: 'Grupos de Carla Dias: Vendas' }).waitFor();
    await shot(owner, '1440-membros-com-grupos');

    // Her sessions ended with the narrower access: she signs in again.
    const carla = await newPage(browser, 1440, 900);
    await carla.goto(`${server.url}/conta/entrar`);
    await carla.getByLabel('E-mail').fill('carla@exemplo.com.br');
    await carla.getByLabel('Senha', { exact: true }).fill('senha-da-carla-1');
    await carla.getByRole('button', { name: 'Entrar' }).click();
    await carla.waitForURL('**/flows');
    // The flows are disabled: the list shows them under 'Todos'.
    await carla.getByRole('radio', { name: 'Todos', exact: true }).click();
    await carla.getByText('Pedidos de vendas').waitFor();
    expect(await carla.getByText('Notas do financeiro').count()).toBe(0);
    expect(await carla.getByText('Pedidos da loja').count()).toBe(0);
    await shot(carla, '1440-flows-de-vendas');
    await carla.goto(`${server.url}/groups`);
    await carla.getByRole('table', { name: 'Grupos' }).getByText('Vendas').waitFor();
    expect(await carla.getByText('Financeiro').count()).toBe(0);
    await carla.getByRole('button', { name: 'Criar grupo' }).hover();
    await carla.getByText(messages.groupAccess.cannotManage).waitFor();
  });

  it('Carla, que já tem conta, aceita um convite para outro workspace e entra como Leitora', async () => {
    // A second workspace of the owner's, and an invitation to it as a Leitor.
    const call = apiClient(server, await adminToken(server));
    const created = await call('POST', '/account/v1/workspaces', { name: 'Financeiro' });
    expect(created.status).toBe(201);
    const switched = await call('POST', '/account/v1/workspaces/switch', {
      workspace_id: created.body._id,
    });
    const finance = apiClient(server, switched.body.token as string);
    const invitation = await finance('POST', '/api/v1/members/invitations', { role: 'viewer' });
    expect(invitation.status).toBe(201);

    const carla = await newPage(browser, 390, 844);
    await carla.goto(invitation.body.link as string);
    await carla.getByRole('heading', { name: 'Convite para o workspace Financeiro' }).waitFor();
    await carla.getByText('Já tenho conta').click();
    await carla.getByLabel('E-mail').fill('carla@exemplo.com.br');
    await carla.getByLabel('Senha', { exact: true }).fill('senha-errada-1');
    await carla.getByRole('button', { name: 'Entrar e aceitar o convite' }).click();
    await carla.getByText('E-mail ou senha incorretos.').waitFor();
    await carla.getByLabel('Senha', { exact: true }).fill('senha-da-carla-1');
    await shot(carla, '390-ja-tenho-conta');
    await carla.getByRole('button', { name: 'Entrar e aceitar o convite' }).click();
    await carla.waitForURL('**/flows');

    // In Financeiro as a Leitor: the tables page offers nothing to change, and says why.
    await carla.setViewportSize({ width: 1440, height: 900 });
    await carla.goto(`${server.url}/database/tables`);
    const create = carla.getByRole('button', { name: 'Criar tabela' }).first();
    await create.hover();
    await carla.getByText('Seu papel (Leitor) não permite editar tabelas.').waitFor();
    expect(await create.getAttribute('aria-disabled')).toBe('true');
    await shot(carla, '1440-tabelas-leitor');

    // The owner sees her among Financeiro's members; the link is spent.
    const members = await finance('GET', '/api/v1/members');
    expect(members.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Carla Dias', role: 'viewer' })]),
    );
    const late = await newPage(browser, 1440, 900);
    await late.goto(invitation.body.link as string);
    await late.getByText('Este convite não vale mais').waitFor();
  });
});
