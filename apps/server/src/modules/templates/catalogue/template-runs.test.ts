import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowTemplate } from '@ponte/shared/flow-templates.schema';
import { createEngine } from '@ponte/engine/engine';
import type { EngineEvent } from '@ponte/engine/executor/events';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { HttpRequest } from '@ponte/engine/ports';
import {
  createFakePorts,
  jsonResponse,
  textResponse,
  type FakePorts,
} from '@ponte/engine/testing/fake-ports';
import { buildFlowTemplates, offeredTemplates } from '../build-flow-templates';

/**
 * Every template runs on the real engine (real sandbox, fake ports), the way a person would
 * run it after importing it and picking the references it asks for.
 */
const ports: FakePorts = createFakePorts();
const engine = createEngine({ ports, limits: { maxSteps: 2000 } });
afterAll(() => engine.dispose());
beforeEach(reset);

/** Forgets the calls and answers of the previous run. */
function reset() {
  ports.httpCalls.length = 0;
  ports.mails.length = 0;
  ports.flowCalls.length = 0;
  ports.httpHandler = () => textResponse(200, 'ok');
  ports.flowHandler = () => undefined;
}

const templates = buildFlowTemplates(engine.registry.manifest);
const offered = new Set(offeredTemplates(templates, engine.registry.manifest).map((t) => t._id));
/** A template whose nodes need an area that does not exist yet runs once they are available. */
const whenOffered = (id: string) => it.skipIf(!offered.has(id));
const referenceTypes = new Set(['service_account', 'form', 'queue', 'flow']);

function template(id: string): FlowTemplate {
  const found = templates.find((candidate) => candidate._id === id);
  if (!found) throw new Error(`template ${id} not found`);
  return found;
}

/** What the person does after importing: picks an account, a form, a queue or a flow. */
function picked(source: FlowTemplate): FlowTemplate['data'] {
  return {
    ...source.data,
    nodes: source.data.nodes.map((node) => {
      const params = { ...node.params };
      for (const [name, spec] of Object.entries(engine.registry.manifest(node.type)!.params)) {
        if (referenceTypes.has(spec.type) && spec.required && !params[name]) {
          params[name] = `escolhido-${name}`;
        }
      }
      return { ...node, params };
    }),
  };
}

async function run(id: string, payload: unknown = {}) {
  const source = template(id);
  const data = picked(source);
  const trigger = data.nodes.find(
    (node) => engine.registry.manifest(node.type)?.category === 'trigger',
  )!;
  const events: EngineEvent[] = [];
  const responses: WebhookResponse[] = [];
  const result = await engine.execute({
    executionId: 'exec-1',
    workspaceId: 'ws-1',
    flowId: 'flow-1',
    flow: data,
    flowVariables: source.variables,
    trigger: { nodeUid: trigger.uid, msg: { payload } },
    respond: (response) => responses.push(response),
    onEvent: (event) => events.push(event),
  });
  const logs = events.flatMap((event) =>
    event.type === 'log' && event.log_type === 'user' ? [[event.label, event.message]] : [],
  );
  return { result, logs, responses };
}

function bodyOf(request: HttpRequest | undefined): unknown {
  const body = request?.body;
  return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
}

describe('templates run on the engine', () => {
  it('primeiros passos: greets by name in the logs', async () => {
    const { result, logs } = await run('primeiros-passos-codigo-e-log', { nome: 'Ana Souza' });
    expect(result.status).toBe('success');
    expect(logs).toEqual([
      ['Saudação', expect.objectContaining({ saudacao: 'Olá, Ana Souza!', slug: 'ana-souza' })],
    ]);
  });

  it('consulta de CEP: logs the address, or fails on an unknown CEP', async () => {
    ports.httpHandler = () =>
      jsonResponse(200, {
        logradouro: 'Praça da Sé',
        bairro: 'Sé',
        localidade: 'São Paulo',
        uf: 'SP',
      });
    const found = await run('consulta-de-cep', { cep: '01001-000' });
    expect(ports.httpCalls[0]?.url).toBe('https://viacep.com.br/ws/01001000/json/');
    expect(found.logs).toEqual([['Endereço', 'Praça da Sé, Sé - São Paulo/SP']]);

    ports.httpHandler = () => jsonResponse(200, { erro: 'true' });
    const missing = await run('consulta-de-cep', { cep: '99999999' });
    expect(missing.result).toMatchObject({
      status: 'error',
      error: { message: 'CEP não encontrado.' },
    });
  });

  it('webhook que valida e responde: 200 with the total, 400 without items', async () => {
    const ok = await run('webhook-valida-e-responde', {
      itens: [
        { quantidade: 2, preco: 10 },
        { quantidade: 1, preco: 5.5 },
      ],
    });
    expect(ok.responses).toEqual([
      expect.objectContaining({ status: 200, body: expect.objectContaining({ total: 25.5 }) }),
    ]);
    const bad = await run('webhook-valida-e-responde', { cliente: 'x' });
    expect(bad.responses).toEqual([
      expect.objectContaining({
        status: 400,
        body: { erro: 'Informe ao menos um item no campo itens.' },
      }),
    ]);
  });

  it('roteamento de pedidos: bills paid orders, logs the others by status', async () => {
    ports.httpHandler = () => jsonResponse(201, { fatura: 'F-1' });
    const paid = await run('roteamento-de-pedidos-por-status', {
      id: 7,
      status: 'pago',
      valor: 100,
    });
    expect(ports.httpCalls[0]?.url).toBe('https://erp.exemplo.com.br/api/faturas');
    expect(bodyOf(ports.httpCalls[0])).toEqual({ pedido: 7, valor: 100 });
    expect(paid.logs).toEqual([['Pedido faturado', { fatura: 'F-1' }]]);
    const refunded = await run('roteamento-de-pedidos-por-status', { id: 8, status: 'estornado' });
    expect(refunded.logs).toEqual([['Pedido cancelado', 'Pedido 8: estornado.']]);
    const other = await run('roteamento-de-pedidos-por-status', { id: 9, status: 'novo' });
    expect(other.logs).toEqual([['Status sem ação', 'Pedido 9: novo.']]);
  });

  whenOffered('relatorio-diario-por-email')(
    'relatório diário: e-mails the sales table to the team',
    async () => {
      ports.httpHandler = () =>
        jsonResponse(200, [{ vendedor: 'Ana <A>', pedidos: 3, total: 1250.5 }]);
      const { result } = await run('relatorio-diario-por-email');
      expect(result.status).toBe('success');
      expect(ports.httpCalls[0]?.url).toBe('https://api.exemplo.com.br/vendas/resumo');
      const mail = ports.mails[0]!;
      expect(mail.to).toEqual(['equipe@exemplo.com.br']);
      expect(mail.subject).toMatch(/^Relatório de vendas - \d{2}\/\d{2}\/\d{4}$/);
      expect(mail.html).toContain('<td>Ana &lt;A&gt;</td><td>3</td><td>R$ 1250,50</td>');
    },
  );

  whenOffered('formulario-de-contato-para-crm')(
    'formulário para o CRM: creates the contact and confirms, or logs the CRM failure',
    async () => {
      const answers = { nome: ' Ana ', email: ' Ana@Exemplo.com.br ', mensagem: 'Oi' };
      ports.httpHandler = () => jsonResponse(201, { id: 'c-1' });
      await run('formulario-de-contato-para-crm', answers);
      expect(bodyOf(ports.httpCalls[0])).toEqual({
        nome: 'Ana',
        email: 'ana@exemplo.com.br',
        mensagem: 'Oi',
        origem: 'formulario',
      });
      expect(ports.mails[0]).toMatchObject({ to: ['ana@exemplo.com.br'] });
      expect(ports.mails[0]?.text).toContain('Olá, Ana!');

      reset();
      ports.httpHandler = () => jsonResponse(500, { erro: 'fora do ar' });
      const failed = await run('formulario-de-contato-para-crm', answers);
      expect(failed.result.status).toBe('success');
      expect(ports.mails).toEqual([]);
      expect(failed.logs[0]?.[0]).toBe('Contato não criado no CRM');
    },
  );

  whenOffered('fila-com-novas-tentativas')(
    'fila com novas tentativas: retries every 30 s, gives up after 3 new attempts',
    async () => {
      let calls = 0;
      ports.httpHandler = () =>
        ++calls < 3 ? textResponse(503, 'ocupado') : jsonResponse(200, {});
      const start = ports.time;
      const delivered = await run('fila-com-novas-tentativas', { pedido: 1 });
      expect(delivered.logs).toEqual([['Mensagem entregue', 'Status 200 após 3 tentativa(s).']]);
      expect(ports.time - start).toBe(60_000);
      expect(ports.httpCalls.map(bodyOf)).toEqual([{ pedido: 1 }, { pedido: 1 }, { pedido: 1 }]);

      reset();
      ports.httpHandler = () => textResponse(503, 'ocupado');
      const failed = await run('fila-com-novas-tentativas', { pedido: 2 });
      expect(ports.httpCalls).toHaveLength(4);
      expect(failed.result.status).toBe('error');
      expect(failed.result.error?.message).toMatch(
        /^Mensagem não entregue após 3 novas tentativas: /,
      );
    },
  );

  it('polling: logs each status change and ends when it is done, or after 20 queries', async () => {
    const statuses = ['na_fila', 'na_fila', 'processando', 'concluido'];
    ports.httpHandler = () => jsonResponse(200, { status: statuses.shift() });
    const done = await run('acompanhar-processamento-polling', { id: 'p-1' });
    expect(ports.httpCalls[0]?.url).toBe('https://api.exemplo.com.br/processamentos/p-1');
    expect(done.logs).toEqual([
      ['Status do processamento', 'na_fila'],
      ['Status do processamento', 'processando'],
      ['Processamento concluído', 'O processamento p-1 terminou após 4 consulta(s).'],
    ]);

    reset();
    ports.httpHandler = () => jsonResponse(200, { status: 'processando' });
    const stuck = await run('acompanhar-processamento-polling', { id: 'p-2' });
    expect(ports.httpCalls).toHaveLength(20);
    expect(stuck.result).toMatchObject({
      status: 'error',
      error: { message: 'O processamento p-2 não terminou após 20 consultas.' },
    });
  });

  it('lista item a item: sends each item, logs a failure and goes on, then sums up', async () => {
    ports.httpHandler = (request) => {
      if (request.method === 'GET') return jsonResponse(200, [{ id: 1 }, { id: 2 }, { id: 3 }]);
      return (bodyOf(request) as { id: number }).id === 2
        ? jsonResponse(400, { erro: 'inválido' })
        : jsonResponse(201, { ok: true });
    };
    const { result, logs } = await run('processar-lista-item-a-item');
    expect(result.status).toBe('success');
    expect(ports.httpCalls.filter((call) => call.method === 'POST').map(bodyOf)).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    expect(logs).toEqual([
      ['Item com falha', 'Item 2 de 3: A requisição HTTP falhou com status 400.'],
      ['Resumo', '3 item(ns) processado(s).'],
    ]);
  });

  it('sincronizar APIs: converts and sends the changed records, or says there were none', async () => {
    ports.httpHandler = (request) =>
      request.method === 'GET'
        ? jsonResponse(200, [{ id: 1, name: 'Ana', email: 'ana@x.com', updated_at: '2026-01-01' }])
        : jsonResponse(200, {});
    const synced = await run('sincronizar-dados-entre-apis');
    expect(new URL(ports.httpCalls[0]!.url).searchParams.get('alterados_desde')).toMatch(/^\d{4}-/);
    expect(bodyOf(ports.httpCalls[1])).toEqual([
      { codigo: 1, nome: 'Ana', email: 'ana@x.com', atualizado_em: '2026-01-01' },
    ]);
    expect(synced.logs).toEqual([['Sincronização', '1 registro(s) sincronizado(s).']]);

    reset();
    ports.httpHandler = () => jsonResponse(200, []);
    const none = await run('sincronizar-dados-entre-apis');
    expect(ports.httpCalls).toHaveLength(1);
    expect(none.logs).toEqual([['Sincronização', 'Nenhum registro alterado na última hora.']]);
  });

  it('cotação: queries both rates and logs them together', async () => {
    ports.httpHandler = (request) =>
      request.url.endsWith('USD-BRL')
        ? jsonResponse(200, { USDBRL: { bid: '5.10' } })
        : jsonResponse(200, { EURBRL: { bid: '5.60' } });
    const { logs } = await run('cotacao-do-dolar-e-do-euro');
    expect(logs).toEqual([['Cotações', 'Dólar: R$ 5.10 | Euro: R$ 5.60']]);
  });

  it('monitor de disponibilidade: quiet while the site answers, alerts when it does not', async () => {
    const up = await run('monitor-de-disponibilidade');
    expect(ports.httpCalls).toHaveLength(1);
    expect(up.logs).toEqual([]);

    ports.httpHandler = (request) =>
      request.method === 'GET' ? textResponse(502, 'bad gateway') : jsonResponse(200, {});
    const down = await run('monitor-de-disponibilidade');
    expect(down.logs).toEqual([
      ['Site fora do ar', 'https://www.exemplo.com.br: A requisição HTTP falhou com status 502.'],
    ]);
    const alert = ports.httpCalls.find((call) => call.method === 'POST');
    expect(bodyOf(alert)).toEqual({
      text: 'https://www.exemplo.com.br está fora do ar: A requisição HTTP falhou com status 502.',
    });
  });

  const failure = {
    error: { message: 'boom', node_uid: 'http' },
    execution_id: 'e-9',
    flow_id: 'f-9',
  };

  it('alerta por webhook: posts the failure to the chat webhook', async () => {
    ports.httpHandler = () => textResponse(200, 'ok');
    await run('alerta-de-erro-por-webhook', failure);
    expect(ports.httpCalls[0]?.url).toBe('https://hooks.slack.com/services/COLE/SEU/WEBHOOK');
    expect(bodyOf(ports.httpCalls[0])).toEqual({
      text: 'Falha no flow f-9 (execução e-9, conector http): boom',
    });
  });

  whenOffered('alerta-de-erro-por-email')('alerta por e-mail: e-mails the failure', async () => {
    await run('alerta-de-erro-por-email', failure);
    expect(ports.mails[0]).toMatchObject({
      to: ['suporte@exemplo.com.br'],
      subject: 'Falha no flow f-9',
    });
    expect(ports.mails[0]?.text).toContain('Erro: boom');
  });

  it('sub-flows: the caller gets the normalised contact back', async () => {
    const contact = { nome: '  ana   maria ', email: ' Ana@X.com ', telefone: '(11) 98888-7777' };
    const normalised = await run('sub-flow-padronizar-contato', contact);
    const answer = (normalised.result.lastMessage as { payload: unknown }).payload;
    expect(answer).toEqual({
      nome: 'Ana Maria',
      email: 'ana@x.com',
      telefone: '11988887777',
      email_valido: true,
    });

    ports.flowHandler = () => ({ payload: answer });
    const caller = await run('chamar-outro-flow', contact);
    expect(ports.flowCalls).toEqual([{ flowId: 'escolhido-flow', payload: contact, wait: true }]);
    expect(caller.logs).toEqual([['Resposta do sub-flow', answer]]);
  });
});
