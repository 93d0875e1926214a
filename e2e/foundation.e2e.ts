import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, skipReason, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const owner = { name: 'Ana Souza', email: 'ana@exemplo.com.br', password: 'segredo-forte-1' };

const sidebar: [string, string][] = [
  ['Flows', '/flows'],
  ['Formulários', '/forms'],
  ['Filas internas', '/queues'],
  ['Conectores', '/custom-nodes'],
  ['Banco de dados', '/database/tables'],
  ['Storage', '/storage'],
  ['Dashboards', '/dashboards'],
  ['Execuções em tempo real', '/monitoring/active'],
  ['Histórico de execuções', '/monitoring/completed'],
  ['Logs de monitoramento', '/monitoring'],
  ['Regras de alerta', '/alert-rules'],
  ['Variáveis', '/variables'],
  ['Contas de serviço', '/service-accounts'],
  ['Grupos', '/groups'],
  ['Painel da conta', '/conta'],
];

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

async function apiGet(server: RunningServer, page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json();
}

describe.skipIf(!hasChromium)('Jornada da fundação: conta, shell, grupos e variáveis', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  /** The first account, through the API, unless the first journey already created it. */
  async function ensureOwner() {
    const status = await fetch(`${server.url}/account/v1/setup`);
    if (!((await status.json()) as { needs_setup: boolean }).needs_setup) return;
    const created = await fetch(`${server.url}/account/v1/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...owner, workspace_name: 'Operações' }),
    });
    expect(created.status).toBe(201);
  }

  /** Signs the owner in (the app's /auth hand-off) and gives an API client with the token. */
  async function signIn(): Promise<Call> {
    await ensureOwner();
    const response = await fetch(`${server.url}/account/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const { token } = (await response.json()) as { token: string };
    await page.goto(`${server.url}/auth?token=${token}`);
    await page.waitForURL('**/flows');
    return apiClient(server, token);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'pt-BR' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('cria a primeira conta no primeiro acesso', async () => {
    await page.goto(server.url);
    await page.waitForURL('**/conta/entrar');
    await page.getByText('Criar a primeira conta').first().waitFor();
    await snap(page, '01-primeira-conta');
    await page.getByLabel('Nome', { exact: true }).fill(owner.name);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Senha', { exact: true }).fill(owner.password);
    await page.getByLabel('Nome do workspace').fill('Operações');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/flows');
    await page.getByText('Operações').first().waitFor();
  });

  it('entra com e-mail e senha, e recusa a senha errada', async () => {
    await ensureOwner();
    await page.goto(`${server.url}/conta/sair`);
    await page.waitForURL('**/conta/entrar');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-mail ou senha incorretos.').waitFor();
    await snap(page, '02-entrar-senha-errada');
    await page.getByLabel('Senha', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/flows');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(
      Number(await page.evaluate(() => localStorage.getItem('tokenExpiration'))),
    ).toBeGreaterThan(Date.now());
  });

  it('mostra todas as seções e links do menu lateral', async () => {
    await signIn();
    const nav = page.getByRole('navigation').first();
    for (const section of ['Construção', 'Armazenamento', 'Monitoramento', 'Configurações']) {
      await expect(nav.getByText(section, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    for (const [label, href] of sidebar) {
      // Storage carries its 'beta' badge inside the link, so its name ends with it.
      const link = page.getByRole('link', { name: new RegExp(`^${label}( ?beta)?$`) });
      expect(await link.getAttribute('href'), label).toBe(href);
    }
    await expect(nav.getByText('beta', { exact: true }).count()).resolves.toBe(1);
    await nav.getByText(/^v\d+\.\d+\.\d+$/).waitFor();
    await snap(page, '03-shell');
  });

  it('cria um grupo, que aparece no seletor do cabeçalho', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Grupos', exact: true }).click();
    await page.waitForURL('**/groups');
    await page.getByText('Nenhum grupo criado ainda.').waitFor();
    await page.getByRole('link', { name: 'Criar grupo' }).first().click();
    await page.waitForURL('**/groups/new');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('O nome do grupo é obrigatório!').waitFor();
    await page.getByLabel('Nome do grupo').fill('  Financeiro  ');
    await snap(page, '04-novo-grupo');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'O grupo foi salvo com sucesso!');
    await page.waitForURL('**/groups');
    await page.getByRole('cell', { name: 'Financeiro' }).waitFor();
    await snap(page, '05-lista-de-grupos');

    await page.getByRole('combobox', { name: 'Grupo selecionado' }).click();
    await page.getByRole('option', { name: 'Financeiro' }).waitFor();
    await snap(page, '06-seletor-de-grupo');
    await page.getByRole('option', { name: 'Financeiro' }).click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Grupo selecionado' }).inputValue())
      .toBe('Financeiro');
  });

  it('o grupo escolhido no cabeçalho filtra a lista de flows', async () => {
    const call = await signIn();
    const flowIn = (name: string, group: string) =>
      createFlow(call, name, [{ type: 'core_manual_trigger' }], { group });
    const sales = (await call('POST', '/api/v1/groups', { name: 'Vendas' })).body._id as string;
    const purchases = (await call('POST', '/api/v1/groups', { name: 'Compras' })).body
      ._id as string;
    await flowIn('Pedido de venda', sales);
    await flowIn('Pedido de compra', purchases);

    await page.goto(`${server.url}/flows`);
    const selector = page.getByRole('combobox', { name: 'Grupo selecionado' });
    const pick = async (group: string) => {
      await selector.click();
      await page.getByRole('option', { name: group, exact: true }).click();
    };
    const sale = page.getByRole('row', { name: /Pedido de venda/ });
    const purchase = page.getByRole('row', { name: /Pedido de compra/ });
    await pick('Todos os grupos');
    await sale.waitFor();
    await purchase.waitFor();

    await pick('Vendas');
    await purchase.waitFor({ state: 'detached' });
    await sale.waitFor();
    await snap(page, '06b-flows-do-grupo-vendas');
    await pick('Compras');
    await sale.waitFor({ state: 'detached' });
    await purchase.waitFor();
    await expect(sale.count()).resolves.toBe(0);

    await pick('Todos os grupos');
    await sale.waitFor();
    await purchase.waitFor();
  });

  it('cria, edita e remove uma variável', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Variáveis', exact: true }).click();
    await page.waitForURL('**/variables');
    await page.getByRole('button', { name: 'Criar variável' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill('Token da API');
    await dialog.getByLabel('Chave').fill('API_TOKEN');
    await dialog.getByLabel('Valor').fill('abc123');
    await snap(page, '07-nova-variavel');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Variável salva com sucesso');
    await page.getByRole('cell', { name: 'API_TOKEN' }).waitFor();

    await page
      .getByRole('row', { name: /API_TOKEN/ })
      .getByRole('button', { name: 'Editar' })
      .click();
    await page.getByRole('dialog').getByLabel('Valor').fill('xyz789');
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('cell', { name: 'xyz789' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const listed = await apiGet(server, page, '/api/v1/variables?limit=1000');
    expect(listed.items).toMatchObject([{ key: 'API_TOKEN', value: 'xyz789' }]);
    await snap(page, '08-lista-de-variaveis');

    await page
      .getByRole('row', { name: /API_TOKEN/ })
      .getByRole('button', { name: 'Remover' })
      .click();
    await page.getByText('Deseja realmente remover a variável?').waitFor();
    await snap(page, '09-remover-variavel');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await toast(page, 'Variável removida com sucesso');
    await page.getByRole('cell', { name: 'API_TOKEN' }).waitFor({ state: 'detached' });
    expect((await apiGet(server, page, '/api/v1/variables?limit=1000')).total).toBe(0);
  });

  it('só remove o grupo quando o nome digitado confere', async () => {
    const call = await signIn();
    const group = (await call('POST', '/api/v1/groups', { name: 'Jurídico' })).body._id as string;
    await page.reload();
    await page.getByRole('combobox', { name: 'Grupo selecionado' }).click();
    await page.getByRole('option', { name: 'Jurídico', exact: true }).click();
    await page.getByRole('link', { name: 'Grupos', exact: true }).click();
    await page
      .getByRole('row', { name: /Jurídico/ })
      .getByRole('link', { name: 'Remover' })
      .click();
    await page.waitForURL('**/groups/delete/**');
    await page.getByLabel('Digite o nome para confirmar').fill('Jurídic');
    await page.getByRole('button', { name: 'Remover o grupo' }).click();
    await toast(page, 'O nome do grupo não confere com o nome digitado!');
    await snap(page, '10-remover-grupo-nome-errado');
    expect((await call('GET', `/api/v1/groups/${group}`)).status).toBe(200);

    await page.getByLabel('Digite o nome para confirmar').fill('Jurídico');
    await page.getByRole('button', { name: 'Remover o grupo' }).click();
    await toast(page, 'O grupo foi removida com sucesso!');
    await page.waitForURL('**/groups');
    await page.getByRole('cell', { name: 'Jurídico' }).waitFor({ state: 'detached' });
    expect((await call('GET', `/api/v1/groups/${group}`)).status).toBe(404);
    // The header pointed at the removed group: it falls back to every group.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Grupo selecionado' }).inputValue())
      .toBe('Todos os grupos');
  });

  it("'Sair' encerra a sessão", async () => {
    await signIn();
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByText(owner.email).first().waitFor();
    await snap(page, '11-menu-do-usuario');
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/conta/entrar');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${server.url}/groups`);
    await page.waitForURL('**/conta/entrar');
    await snap(page, '12-depois-de-sair');
  });
});

if (!hasChromium) {
  describe(`Jornadas no navegador: ${skipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
