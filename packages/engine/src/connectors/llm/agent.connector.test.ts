import { describe, expect, it } from 'vitest';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import type { HttpRequest } from '../../ports';
import { createHarness } from '../../testing/engine-harness';
import { openAiToolAnswer } from './llm-test-fixtures';
import { createFakePorts, jsonResponse, type FakePorts } from '../../testing/fake-ports';

// Tool calling as the providers document it: OpenAI's Chat Completions `tools`/`tool_calls` and
// `role: tool` messages (https://platform.openai.com/docs/guides/function-calling), Anthropic's
// `tool_use`/`tool_result` blocks (https://docs.anthropic.com/en/docs/build-with-claude/tool-use),
// Gemini's `functionCall`/`functionResponse` parts (https://ai.google.dev/gemini-api/docs/function-calling).
const m = messages.agent;

const cpf = '529.982.247-25';

function withAccounts(): FakePorts {
  const ports = createFakePorts();
  ports.accounts.openai = {
    _id: 'openai',
    name: 'OpenAI',
    type: 'openai_compatible',
    data: { api_url: 'https://api.openai.com/v1', api_key: 'sk-1' },
  };
  ports.accounts.claude = {
    _id: 'claude',
    name: 'Claude',
    type: 'anthropic_api',
    data: { api_key: 'sk-ant' },
  };
  ports.accounts.gemini = {
    _id: 'gemini',
    name: 'Gemini',
    type: 'gemini_api',
    data: { api_key: 'AIza' },
  };
  return ports;
}

/** What the agent sent, in the shapes these tests read. */
interface SentBody {
  messages: { role: string; content: unknown }[];
  tools: { name?: string; functionDeclarations?: unknown[] }[];
  contents: unknown[];
}

const bodyOf = (call: HttpRequest) => JSON.parse(String(call.body)) as SentBody;

const openAi = openAiToolAnswer;

function node(
  uid: string,
  type: string,
  params: Record<string, unknown>,
  extra: Partial<FlowNode> = {},
): FlowNode {
  return { uid, type, typeVersion: 1, position: { x: 0, y: 0 }, params, ...extra };
}

/** Trigger → agent, with the tool nodes beside them (unconnected). */
function agentFlow(agentParams: Record<string, unknown>, tools: FlowNode[] = []): FlowDocument {
  return {
    version: 1,
    nodes: [
      node('gatilho', 'test_trigger', {}),
      node('agente', 'svc_agent', {
        service_account: 'openai',
        model: 'gpt-4o-mini',
        message: '{{ msg.payload.texto }}',
        ...agentParams,
      }),
      ...tools,
    ],
    edges: [{ id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'agente' }],
  };
}

const marker = node(
  'marcar',
  'test_tag',
  { tag: 'fixo' },
  {
    label: 'Registrar atendimento',
    agentTool: { description: 'Registra o atendimento.', params: ['tag'] },
  },
);

const clients = node(
  'clientes',
  'core_execute_flow',
  { flow: 'flow-clientes', payload: '{{ msg.payload }}', wait: false },
  { label: 'Buscar cliente', agentTool: { description: 'Busca o cliente pelo CPF.', params: [] } },
);

describe('svc_agent', () => {
  it('calls a node and a sub-flow as tools, masks personal data and records the transcript', async () => {
    const ports = withAccounts();
    ports.flowDescriptions['flow-clientes'] = {
      name: 'Clientes',
      inputs: [{ name: 'cpf', type: 'string', description: 'CPF do cliente', required: true }],
    };
    ports.flowHandler = (_flow, payload) => ({ payload: { nome: 'Ana', ...(payload as object) } });
    const answers = [
      openAi(null, [['c1', 'buscar_cliente', { cpf: '[CPF_1]' }]]),
      openAi('Vou registrar.', [['c2', 'registrar_atendimento', { tag: 'atendido [CPF_1]' }]]),
      openAi('Pronto, Ana ([CPF_1]) foi atendida.'),
    ];
    ports.httpHandler = () => answers.shift()!;
    const harness = createHarness({ ports });
    const result = await harness.run(agentFlow({}, [marker, clients]), {
      texto: `Atenda o cliente de CPF ${cpf}.`,
    });

    expect(result.status).toBe('success');
    // The tools got the values behind the placeholders; the sub-flow always waits.
    expect(ports.flowCalls).toEqual([{ flowId: 'flow-clientes', payload: { cpf }, wait: true }]);
    expect(harness.visits).toEqual([`atendido ${cpf}`]);
    // Nothing the model received holds the CPF.
    for (const call of ports.httpCalls) expect(String(call.body)).not.toContain(cpf);
    const first = bodyOf(ports.httpCalls[0]!);
    expect(first.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'registrar_atendimento',
          description: 'Registra o atendimento.',
          parameters: {
            type: 'object',
            properties: { tag: { type: 'string', description: 'Marca' } },
            required: ['tag'],
          },
        },
      },
      {
        type: 'function',
        function: {
          name: 'buscar_cliente',
          description: 'Busca o cliente pelo CPF.',
          parameters: {
            type: 'object',
            properties: { cpf: { type: 'string', description: 'CPF do cliente' } },
            required: ['cpf'],
            additionalProperties: false,
          },
        },
      },
    ]);
    const third = bodyOf(ports.httpCalls[2]!);
    expect(third.messages).toEqual([
      { role: 'user', content: 'Atenda o cliente de CPF [CPF_1].' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'buscar_cliente', arguments: '{"cpf":"[CPF_1]"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"nome":"Ana","cpf":"[CPF_1]"}' },
      {
        role: 'assistant',
        content: 'Vou registrar.',
        tool_calls: [
          {
            id: 'c2',
            type: 'function',
            function: { name: 'registrar_atendimento', arguments: '{"tag":"atendido [CPF_1]"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c2',
        content: '{"texto":"Atenda o cliente de CPF [CPF_1]."' + ',"visited":["atendido [CPF_1]"]}',
      },
    ]);

    const msg = result.lastMessage as { payload: string; agent: AgentRunData };
    expect(msg.payload).toBe(`Pronto, Ana (${cpf}) foi atendida.`);
    expect(msg.agent).toMatchObject({
      model: 'gpt-4o-mini',
      provider: 'openai',
      steps: 3,
      tokens: { entrada: 30, saida: 9 },
      masked: { CPF: 1 },
    });
    expect(
      msg.agent.transcript.map((entry) => [entry.type, 'name' in entry ? entry.name : entry.step]),
    ).toEqual([
      ['model', 1],
      ['tool', 'buscar_cliente'],
      ['model', 2],
      ['tool', 'registrar_atendimento'],
      ['model', 3],
    ]);
    expect(msg.agent.transcript[1]).toMatchObject({
      kind: 'flow',
      node_uid: 'clientes',
      input: { cpf },
      output: { nome: 'Ana', cpf },
    });
    // The tool nodes ran as nodes: the debugger and monitoring see them.
    const ran = harness.events
      .filter((event) => event.type === 'node_finished')
      .map((event) => event.node_uid);
    expect(ran).toEqual(['gatilho', 'clientes', 'marcar', 'agente']);
  });

  it("takes the model's values as data, never as expressions", async () => {
    const ports = withAccounts();
    const answers = [
      openAi(null, [['c1', 'registrar_atendimento', { tag: '{{ vars.SEGREDO }}' }]]),
      openAi('Feito.'),
    ];
    ports.variables.values.SEGREDO = 'não deve sair';
    ports.httpHandler = () => answers.shift()!;
    const harness = createHarness({ ports });
    await harness.run(agentFlow({ mask_personal_data: false }, [marker]), { texto: 'oi' });
    expect(harness.visits).toEqual(['{{ vars.SEGREDO }}']);
  });

  it('tells the model when a tool fails or does not exist, and goes on', async () => {
    const ports = withAccounts();
    const failing = node(
      'falha',
      'test_fail',
      {},
      { label: 'Emitir nota', agentTool: { description: 'Emite a nota.', params: [] } },
    );
    const answers = [
      openAi(null, [
        ['c1', 'emitir_nota', {}],
        ['c2', 'apagar_tudo', {}],
      ]),
      openAi('Não consegui emitir a nota.'),
    ];
    ports.httpHandler = () => answers.shift()!;
    const harness = createHarness({ ports });
    const result = await harness.run(agentFlow({}, [failing]), { texto: 'Emita a nota.' });

    expect(result.status).toBe('success');
    const second = bodyOf(ports.httpCalls[1]!);
    expect(second.messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: m.toolFailed('Falhou de propósito') },
      { role: 'tool', tool_call_id: 'c2', content: m.unknownTool('apagar_tudo') },
    ]);
    const agent = (result.lastMessage as { agent: AgentRunData }).agent;
    expect(agent.transcript[1]).toMatchObject({
      name: 'emitir_nota',
      error: m.toolFailed('Falhou de propósito'),
    });
    const failed = harness.events.find((event) => event.type === 'node_failed');
    expect(failed).toMatchObject({ node_uid: 'falha', handled: true });
  });

  it('fails naming the limit when the model keeps asking for tools', async () => {
    const ports = withAccounts();
    ports.httpHandler = () => openAi(null, [['c', 'registrar_atendimento', { tag: 'x' }]]);
    const harness = createHarness({ ports });
    const result = await harness.run(agentFlow({ max_steps: 2 }, [marker]), { texto: 'oi' });
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe(m.tooManySteps(2));
    expect(ports.httpCalls).toHaveLength(2);
  });

  it('answers with the fallback model when the main one fails', async () => {
    const ports = withAccounts();
    ports.httpHandler = (request) =>
      request.url.startsWith('https://api.openai.com')
        ? jsonResponse(500, { error: { message: 'servidor fora do ar' } })
        : jsonResponse(200, {
            model: 'claude-haiku-4-5',
            content: [{ type: 'text', text: 'Resposta da reserva.' }],
            stop_reason: 'end_turn',
            usage: { input_tokens: 4, output_tokens: 2 },
          });
    const harness = createHarness({ ports });
    const result = await harness.run(
      agentFlow({ fallback_account: 'claude', fallback_model: 'claude-haiku-4-5' }),
      { texto: 'oi' },
    );
    expect(result.status).toBe('success');
    const agent = (result.lastMessage as { payload: string; agent: AgentRunData }).agent;
    expect((result.lastMessage as { payload: string }).payload).toBe('Resposta da reserva.');
    expect(agent).toMatchObject({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(agent.transcript[0]).toMatchObject({ type: 'model', fallback: true });
    expect(harness.logged('Agente de IA')[0]).toContain('servidor fora do ar');
  });

  it('remembers the conversation by key, within the window', async () => {
    const ports = withAccounts();
    let n = 0;
    ports.httpHandler = () => openAi(`resposta ${++n}`);
    const harness = createHarness({ ports });
    const flow = agentFlow({ conversation: '{{ msg.payload.fone }}', memory_window: 2 });
    await harness.run(flow, { texto: 'primeira', fone: '+5511999990000' });
    await harness.run(flow, { texto: 'segunda', fone: '+5511999990000' });
    await harness.run(flow, { texto: 'outra pessoa', fone: '+5521988880000' });

    const second = bodyOf(ports.httpCalls[1]!).messages.map((item) => item.content);
    expect(second).toEqual(['primeira', 'resposta 1', 'segunda']);
    const third = bodyOf(ports.httpCalls[2]!).messages.map((item) => item.content);
    expect(third).toEqual(['outra pessoa']);
    await harness.run(flow, { texto: 'terceira', fone: '+5511999990000' });
    // A window of two: only the last exchange before this message.
    const fourth = bodyOf(ports.httpCalls[3]!).messages.map((item) => item.content);
    expect(fourth).toEqual(['segunda', 'resposta 2', 'terceira']);
  });

  it("speaks Anthropic's and Gemini's tool protocols", async () => {
    const ports = withAccounts();
    const claude = [
      jsonResponse(200, {
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'registrar_atendimento', input: { tag: 'a' } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 5, output_tokens: 5 },
      }),
      jsonResponse(200, {
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'ok' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 5, output_tokens: 1 },
      }),
    ];
    ports.httpHandler = () => claude.shift()!;
    const harness = createHarness({ ports });
    await harness.run(
      agentFlow({ service_account: 'claude', model: 'claude-sonnet-4-5' }, [marker]),
      {
        texto: 'oi',
      },
    );
    const anthropic = bodyOf(ports.httpCalls[1]!);
    expect(anthropic.tools[0]).toMatchObject({
      name: 'registrar_atendimento',
      input_schema: { type: 'object' },
    });
    expect(anthropic.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'registrar_atendimento', input: { tag: 'a' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: expect.stringContaining('"visited":["a"]'),
          },
        ],
      },
    ]);

    const gemini = [
      jsonResponse(200, {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [{ functionCall: { name: 'registrar_atendimento', args: { tag: 'g' } } }],
            },
          },
        ],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2 },
      }),
      jsonResponse(200, {
        candidates: [
          { content: { role: 'model', parts: [{ text: 'feito' }] }, finishReason: 'STOP' },
        ],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1 },
      }),
    ];
    ports.httpCalls.length = 0;
    ports.httpHandler = () => gemini.shift()!;
    await harness.run(
      agentFlow({ service_account: 'gemini', model: 'gemini-2.5-flash' }, [marker]),
      {
        texto: 'oi',
      },
    );
    const second = bodyOf(ports.httpCalls[1]!);
    expect(second.tools[0]!.functionDeclarations![0]).toMatchObject({
      name: 'registrar_atendimento',
      parametersJsonSchema: { type: 'object' },
    });
    expect(second.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [{ functionCall: { name: 'registrar_atendimento', args: { tag: 'g' } } }],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'registrar_atendimento',
              response: { result: expect.stringContaining('"visited":["g"]') },
            },
          },
        ],
      },
    ]);
  });
});
