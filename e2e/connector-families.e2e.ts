import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startAwsStandIn, type AwsStandIn } from '../apps/server/src/test/stand-ins/aws';
import { startOmieStandIn, type OmieStandIn } from '../apps/server/src/test/stand-ins/omie-api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import {
  choose,
  connectNodes,
  dropConnector,
  runToSelected,
  selectNode,
} from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage, newAccountForm } from './support/session';
import { until } from './support/until';

// The services are stand-ins of their documented contracts, on the addresses the guard opens
// here: Omie (https://developer.omie.com.br/service-list, geral/clientes: ConsultarCliente) on
// 127.0.0.4, AWS SQS (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessage.html,
// AWS JSON 1.0 protocol, SigV4) on 127.0.0.6.
const keys = { appKey: '3822345678901', appSecret: 'segredo-do-app' };
const awsKey = { id: 'AKIAIOSFODNN7EXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

describe.skipIf(!hasChromium)('Jornadas de ERP e AWS: conta, operação, execução', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let omie: OmieStandIn;
  let aws: AwsStandIn;

  beforeAll(async () => {
    omie = await startOmieStandIn('127.0.0.4', { ...keys, clients: 5 });
    aws = await startAwsStandIn('127.0.0.6', { [awsKey.id]: awsKey.secret });
    server = await startServer({
      ...admin,
      PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.4/32,127.0.0.6/32',
    });
    browser = await launchBrowser();
    page = await adminPage(server, browser);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await omie?.close();
    await aws?.close();
  });

  it('cria a conta com app key e app secret, testa, consulta um cliente e o vê na Saída', async () => {
    const form = await newAccountForm(server, page, 'Omie ERP');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('Omie da padaria');
    await form.getByRole('textbox', { name: /^Chave do aplicativo/ }).fill(keys.appKey);
    await form.getByLabel(/^Segredo do aplicativo/).fill(keys.appSecret);
    await form.getByRole('textbox', { name: /^URL da API/ }).fill(omie.url);
    await snap(page, 'omie-01-conta');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');
    const account = page.getByRole('row', { name: /Omie da padaria/ });
    await account.getByRole('button', { name: 'Testar conexão' }).click();
    await account.getByText('Conectada').waitFor();

    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
    const erp = await dropConnector(page, 'Omie', { x: 420, y: 220 });
    await connectNodes(page, trigger, 'default', erp);
    await selectNode(page, erp);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await choose(page, 'Conta de serviço', 'Omie da padaria (Omie ERP)');
    await choose(page, 'Operação', 'Cliente → Consultar');
    await panel.getByRole('textbox', { name: /^Código no Omie/ }).fill('1002');
    await snap(page, 'omie-02-painel');

    await runToSelected(page, 'Consulta de cliente no Omie', 'Omie');
    const call = await until(
      async () => omie.calls.find((c) => c.call === 'ConsultarCliente') ?? false,
      'a consulta no Omie',
    );
    expect(call).toMatchObject({
      appKey: keys.appKey,
      appSecret: keys.appSecret,
      param: { codigo_cliente_omie: 1002 },
    });
    await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
    await panel.getByRole('tabpanel').getByText('Cliente 2 Ltda').first().waitFor();
    await snap(page, 'omie-03-saida');
  });

  it('cria a conta AWS com a região, envia uma mensagem ao SQS e a vê na fila e na Saída', async () => {
    const form = await newAccountForm(server, page, 'Chave de acesso AWS');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('AWS da loja');
    await form.getByRole('textbox', { name: /^ID da chave de acesso/ }).fill(awsKey.id);
    await form.getByLabel(/^Chave de acesso secreta/).fill(awsKey.secret);
    await form.getByRole('textbox', { name: /^URL da API/ }).fill(aws.url);
    await snap(page, 'aws-01-conta');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');

    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
    const sqs = await dropConnector(page, 'Amazon SQS', { x: 420, y: 220 });
    await connectNodes(page, trigger, 'default', sqs);
    await selectNode(page, sqs);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await choose(page, 'Conta de serviço', 'AWS da loja (Chave de acesso AWS)');
    await panel
      .getByRole('textbox', { name: /^URL da fila/ })
      .fill('https://sqs.sa-east-1.amazonaws.com/123456789012/pedidos');
    await panel.getByRole('textbox', { name: /^Mensagem/ }).fill('Pedido 42 pago');
    await snap(page, 'aws-02-painel');

    await runToSelected(page, 'Pedido na fila', 'Amazon SQS');
    const queued = await until(
      async () => aws.queues.get('/123456789012/pedidos')?.at(0) ?? false,
      'a mensagem na fila do SQS',
    );
    expect(queued).toMatchObject({ body: 'Pedido 42 pago' });
    await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
    await panel.getByRole('tabpanel').getByText('MessageId').first().waitFor();
    await snap(page, 'aws-03-saida');
  });
});
