import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../apps/server/src/test/stand-ins/model-chat-apis';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { showAndSelect } from './support/editor-canvas';
import { choose, dropConnector, newFlowWith, nodeUid } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage, newAccountForm } from './support/session';

// The model is a stand-in of OpenAI's Chat Completions with function calling
// (https://platform.openai.com/docs/api-reference/chat/create, tool_calls and `tool` messages
// as https://platform.openai.com/docs/guides/function-calling describes them) on 127.0.0.24,
// the one address the guard opens here.
const key = 'sk-chave-do-atendimento';
const flowName = 'Atendimento com agente';
const question = 'Fui cobrado duas vezes no pedido 4521, quero o estorno.';
const note = 'Cliente cobrado em duplicidade no pedido 4521.';
const refund = 'Estornar R$ 89,90 do pedido 4521.';
const asking = 'Vou pedir o estorno.';
const finalAnswer = 'Pronto: pedimos o estorno de R$ 89,90 do pedido 4521.';
const reason = 'Estorno só com a nota fiscal do pedido.';
const refusedAnswer = 'A equipe não aprovou o estorno: envie a nota fiscal do pedido 4521.';

type Turn = { role: string; content: unknown; tool_call_id?: string };

/** The messages of the stand-in's call `index`, as the agent sent them. */
const turnsOf = (apis: ModelChatApisStandIn, index: number) =>
  apis.calls[index]!.body.messages as Turn[];

/** Waits until no CSS transition runs (a resized layout, a menu) before a screenshot. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

describe.skipIf(!hasChromium)(
  'Jornada do agente de IA: duas ferramentas, uma com aprovação',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let apis: ModelChatApisStandIn;
    let panel: Locator;
    const uids = { agent: '', note: '', refund: '' };

    const runBar = () => page.getByRole('status', { name: 'Execução do editor' });
    const card = (uid: string) => page.locator(`.react-flow__node[data-id="${uid}"]`);
    const done = (uid: string) => card(uid).locator('[data-run-state="success"]');

    /** Step 1 calls the note, step 2 asks for the refund (which waits), step 3 answers `last`. */
    const scriptModel = (last: string) =>
      apis.script(
        'openai',
        { toolCalls: [{ name: 'registrar_atendimento', args: { message: note } }] },
        { text: asking, toolCalls: [{ name: 'estornar_pagamento', args: { message: refund } }] },
        { text: last },
      );

    /** Drops a 'Log' whose message the model writes, named `name`, as a tool of the agent. */
    async function logTool(name: string, label: string, description: string, x: number) {
      const uid = await dropConnector(page, 'Log', { x, y: 460 });
      await showAndSelect(page, uid);
      await panel.getByRole('textbox', { name: 'Nome do conector' }).fill(name);
      await panel.getByRole('textbox', { name: /^Rótulo/ }).fill(label);
      await panel.getByRole('switch', { name: 'Usar como ferramenta do agente' }).check();
      await panel.getByRole('textbox', { name: /^Descrição para o modelo/ }).fill(description);
      await panel.getByRole('checkbox', { name: 'Mensagem', exact: true }).check();
      await panel.getByText('Preenchido pelo agente').waitFor();
      return uid;
    }

    /** Another signed-in tab on /monitoring/active: the refund's call waiting there. */
    async function pendingRefund() {
      const approver = await adminPage(server, browser);
      await approver.goto(`${server.url}/monitoring/active`);
      const pending = approver.getByRole('region', { name: 'Aguardando aprovação' });
      const call = pending.getByRole('listitem', { name: `Estornar pagamento, ${flowName}` });
      await call.waitFor();
      return { approver, pending, call };
    }

    beforeAll(async () => {
      apis = await startModelChatApisStandIn('127.0.0.24', key);
      server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.24/32' });
      browser = await launchBrowser();
      page = await adminPage(server, browser);
      panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await apis?.close();
    });

    it('monta o agente com duas ferramentas, uma que requer aprovação, e salva', async () => {
      const form = await newAccountForm(server, page, 'API compatível com OpenAI');
      await form.getByRole('textbox', { name: /^Nome/ }).fill('OpenAI do atendimento');
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(`${apis.url}/openai/v1`);
      await form.getByLabel(/^Chave da API/).fill(key);
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');

      // Manual Trigger (the customer's message) → Agente de IA.
      await newFlowWith(page, server.url, 'Agente de IA');
      uids.agent = await nodeUid(page, 'Agente de IA');
      await choose(page, 'Conta de serviço', 'OpenAI do atendimento (API compatível com OpenAI)');
      await panel.getByPlaceholder('gpt-4o-mini', { exact: true }).fill('gpt-4o-mini');
      await panel
        .getByRole('textbox', { name: /^Instruções do sistema/ })
        .fill('Você atende os clientes da loja. Registre cada atendimento.');
      await panel.getByRole('textbox', { name: /^Mensagem/ }).fill('{{ msg.payload.mensagem }}');
      await showAndSelect(page, await nodeUid(page, 'Manual Trigger'));
      await panel.getByRole('button', { name: 'Adicionar linha' }).click();
      await panel.getByRole('textbox', { name: 'Nome (linha 1)' }).fill('mensagem');
      await panel.getByRole('textbox', { name: 'Rótulo (linha 1)' }).fill('Mensagem do cliente');

      // Two tools without edges: a note the agent writes freely, a refund a person approves.
      const noteText = 'Registra um resumo do atendimento nos logs.';
      uids.note = await logTool('Registrar atendimento', 'Atendimento', noteText, 200);
      const refundText = 'Estorna um pagamento do cliente; diga o valor e o pedido.';
      uids.refund = await logTool('Estornar pagamento', 'Estorno', refundText, 480);
      await panel.getByRole('checkbox', { name: 'Requer aprovação' }).check();
      await card(uids.refund)
        .getByRole('img', { name: 'Ferramenta do agente: requer aprovação' })
        .waitFor();
      await card(uids.note).getByRole('img', { name: 'Ferramenta do agente' }).waitFor();
      await snap(page, 'ai-agent-01-ferramenta-com-aprovacao', { fullPage: false });

      await page.getByLabel('Nome do flow').fill(flowName);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expectToast(page, 'Fluxo salvo com sucesso');
      await page.waitForURL(/fromNew=true/);
      // Tools need no edge: the validator does not call them unreachable.
      await page
        .getByRole('button', { name: /Erros encontrados no fluxo/ })
        .waitFor({ state: 'detached' });
    });

    it('executa: o agente chama a primeira ferramenta e a execução aguarda a aprovação da segunda', async () => {
      scriptModel(finalAnswer);
      await showAndSelect(page, uids.agent);
      await panel.getByRole('button', { name: 'Executar até aqui' }).click();
      const start = page.getByRole('dialog', { name: 'Dados de início' });
      await start.getByRole('textbox', { name: /^Mensagem do cliente/ }).fill(question);
      await start.getByRole('button', { name: 'Executar' }).click();
      await runBar()
        .getByText('A execução do editor aguarda a aprovação de uma ferramenta.')
        .waitFor({ timeout: 60_000 });

      // The model saw both tools by their names; the note ran, the refund waits for a person.
      const offered = apis.calls[0]!.body.tools as { function: { name: string } }[];
      expect(offered.map((tool) => tool.function.name)).toEqual([
        'registrar_atendimento',
        'estornar_pagamento',
      ]);
      await done(uids.note).waitFor();
      expect(await card(uids.refund).locator('[data-run-state]').count()).toBe(0);
      expect(apis.calls).toHaveLength(2);
      // The note's result (the message it got, as a Log passes it on) went back to the model.
      expect(turnsOf(apis, 1).at(-1)).toMatchObject({ role: 'tool' });
      expect(String(turnsOf(apis, 1).at(-1)!.content)).toContain(question);

      // The agent sent the request on 'Aprovação pedida', for the flow to pass the link on.
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      const output = panel.getByRole('tabpanel');
      await output.getByText('Aprovação pedida: 1').waitFor();
      await output.getByText('JSON', { exact: true }).click();
      await output.getByText('approval', { exact: true }).first().waitFor();
      await snap(page, 'ai-agent-02-aguardando-aprovacao', { fullPage: false });
    });

    it('aprova a chamada em /monitoring/active, num celular, e o editor mostra a conversa inteira', async () => {
      const { approver, pending, call } = await pendingRefund();
      try {
        await call.getByText(asking).waitFor();
        expect(await call.getByTestId('approval-arguments').textContent()).toContain(refund);
        await snap(approver, 'ai-agent-03-aprovacao-pendente');
        await approver.setViewportSize({ width: 390, height: 844 });
        await settled(approver);
        // The call fits a phone: the page does not scroll sideways (long arguments scroll inside).
        const sideways = await approver.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways).toBe(0);
        await snap(approver, 'ai-agent-04-aprovacao-pendente-390');
        await call.getByRole('button', { name: 'Aprovar' }).click();
        await expectToast(approver, 'Chamada aprovada: a execução continua.');
        await pending.waitFor({ state: 'detached' });
      } finally {
        await approver.context().close();
      }

      // The editor, still open, follows the same execution to its end.
      await runBar()
        .getByText('Execução do editor concluída até "Agente de IA".')
        .waitFor({ timeout: 60_000 });
      await done(uids.refund).waitFor();
      expect(apis.calls).toHaveLength(3);
      expect(turnsOf(apis, 2).filter((turn) => turn.role === 'tool')).toHaveLength(2);

      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      const output = panel.getByRole('tabpanel');
      // JSON stays chosen from the wait; the conversation is offered now that msg.agent came.
      await output.getByText('Conversa do agente', { exact: true }).click();
      await output.getByLabel('Ferramenta registrar_atendimento').getByText(note).waitFor();
      const refunded = output.getByLabel('Ferramenta estornar_pagamento');
      await refunded.getByText(refund).waitFor();
      expect(await refunded.getByText(/^Erro:/).count()).toBe(0);
      await snap(page, 'ai-agent-05-conversa-do-agente', { fullPage: false });
      const answer = output.getByLabel('Passo 3: gpt-4o-mini').getByText(finalAnswer);
      await answer.scrollIntoViewIfNeeded();
      await snap(page, 'ai-agent-06-resposta-final', { fullPage: false });
    });

    it('no debugger, vê as chamadas das ferramentas, rejeita o estorno e o modelo recebe a recusa', async () => {
      scriptModel(refusedAnswer);
      const before = apis.calls.length;
      await page.getByRole('button', { name: 'Debugger' }).click();
      const debug = page.getByRole('region', { name: 'Live Debugger' });
      const held = debug.getByRole('tabpanel', { name: 'Debug Output' });
      const logs = debug.getByRole('table', { name: 'Logs do debugger' });
      await page.getByRole('button', { name: 'Executar com Debug', exact: true }).click();
      const run = page.getByRole('dialog', { name: 'Executar Flow' });
      await run.getByLabel(/^Mensagem do cliente/).fill(question);
      await run.getByRole('button', { name: 'Executar' }).click();
      await run.waitFor({ state: 'detached' });
      await debug.getByRole('tab', { name: 'Debug Output' }).click();
      await held.getByText('Manual Trigger', { exact: true }).waitFor();
      await debug.getByRole('button', { name: 'Next Step' }).click();

      // The note's log line comes as it runs; the agent says its refund waits, with the link.
      await debug.getByRole('tab', { name: 'Mensagens da execução' }).click();
      await logs.getByRole('row').filter({ hasText: 'Atendimento' }).waitFor();
      const waits = logs.getByRole('row').filter({ hasText: 'Agente de IA' });
      await waits.getByRole('button', { name: 'Visualizar' }).click();
      const details = page.getByRole('dialog', { name: 'Detalhes do log' });
      await details
        .getByText(/A chamada da ferramenta "Estornar pagamento" aguarda aprovação/)
        .waitFor();
      await settled(page);
      await snap(page, 'ai-agent-07-debugger-aguardando', { fullPage: false });
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      const { approver, call } = await pendingRefund();
      try {
        await call.getByRole('button', { name: 'Rejeitar' }).click();
        const reject = approver.getByRole('dialog', { name: 'Rejeitar chamada' });
        await reject.getByRole('textbox', { name: 'Motivo (enviado ao modelo)' }).fill(reason);
        await reject.getByRole('button', { name: 'Rejeitar chamada' }).click();
        await expectToast(approver, 'Chamada rejeitada: o modelo recebe a recusa.');
      } finally {
        await approver.context().close();
      }

      // The resumed run holds the agent's output: its conversation, the refusal in red.
      await debug.getByRole('tab', { name: 'Debug Output' }).click();
      await held.getByText('Agente de IA', { exact: true }).waitFor({ timeout: 60_000 });
      const refused = held.getByLabel('Ferramenta estornar_pagamento');
      await refused.getByText(`Motivo: ${reason}`, { exact: false }).waitFor();
      await held.getByText(refusedAnswer).waitFor();
      expect(apis.calls.length - before).toBe(3);
      const told = turnsOf(apis, before + 2).filter((turn) => turn.role === 'tool');
      expect(String(told.at(-1)!.content)).toContain(reason);
      await refused.scrollIntoViewIfNeeded();
      await snap(page, 'ai-agent-08-debugger-conversa-com-recusa', { fullPage: false });

      await debug.getByRole('button', { name: 'Next Step' }).click();
      await held.getByText('Nenhum conector aguardando o próximo passo.').waitFor();
      await debug.getByRole('button', { name: 'Stop Debug' }).click();
      await debug.getByText('Debug ativo').waitFor({ state: 'detached' });
    });
  },
);
