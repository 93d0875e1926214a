import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startModelApisStandIn,
  type ModelApisStandIn,
} from '../apps/server/src/test/stand-ins/model-apis';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage, newAccountForm } from './support/session';

// The providers' model lists are a stand-in of their documented contracts (OpenAI's
// https://platform.openai.com/docs/api-reference/models/list, served as a local Ollama would,
// and Anthropic's https://docs.anthropic.com/en/api/models-list) on 127.0.0.23, the one address
// the guard opens here.
const key = 'sk-ant-chave-certa';

describe.skipIf(!hasChromium)('Jornada das contas de IA: modelo local e Anthropic', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let apis: ModelApisStandIn;

  beforeAll(async () => {
    apis = await startModelApisStandIn('127.0.0.23', key);
    server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.23/32' });
    browser = await launchBrowser();
    page = await adminPage(server, browser);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await apis?.close();
  });

  it('aponta para um modelo local sem chave, testa e vê os modelos; uma chave errada da Anthropic diz o motivo', async () => {
    let form = await newAccountForm(server, page, 'API compatível com OpenAI');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('Ollama da equipe');
    await form.getByRole('textbox', { name: /^URL da API/ }).fill(`${apis.url}/local/v1`);
    await form.getByText('Pode ficar vazia num servidor local sem chave').waitFor();
    await snap(page, 'ai-accounts-01-local');
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');
    const local = page.getByRole('row', { name: /Ollama da equipe/ });
    await local.getByRole('button', { name: 'Testar conexão' }).click();
    await expectToast(
      page,
      'Conexão bem-sucedida com a API compatível com OpenAI: 1 modelo disponível (llama3.2:3b).',
    );
    await local.getByText('Conectada').waitFor();

    form = await newAccountForm(server, page, 'Anthropic (Claude)');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('Claude do suporte');
    await form.getByLabel(/^Chave da API/).fill('sk-ant-chave-errada');
    await form.getByRole('textbox', { name: /^URL da API/ }).fill(`${apis.url}/anthropic`);
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');
    const claude = page.getByRole('row', { name: /Claude do suporte/ });
    await claude.getByRole('button', { name: 'Testar conexão' }).click();
    await expectToast(page, 'A Anthropic recusou a conexão: invalid x-api-key');
    await claude.getByText('Falhou').waitFor();
    await snap(page, 'ai-accounts-02-lista');
  });
});
