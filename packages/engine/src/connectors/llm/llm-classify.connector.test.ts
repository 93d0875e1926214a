import { describe, expect, it } from 'vitest';
import { nodeOutputs } from '@ponte/shared/flow/flow-validator';
import { runNode } from '../../testing/run-node';
import { llmClassifyConnector } from './llm-classify.connector';
import { answering, portsWithOpenAi, turnsOf } from './llm-test-fixtures';

// The model is OpenAI's Chat Completions (https://platform.openai.com/docs/api-reference/chat/create),
// scripted on the engine's HTTP port.
const classes = [
  { name: 'Vendas', description: 'pedidos de compra e orçamentos' },
  { name: 'Suporte', description: 'problemas com um produto já comprado' },
];
const params = (extra: Record<string, unknown> = {}) => ({
  service_account: 'openai',
  model: 'gpt-4o-mini',
  text: '{{ msg.payload.mensagem }}',
  classes,
  ...extra,
});
const input = (mensagem: string) => ({ payload: { mensagem } });

describe('svc_llm_classify', () => {
  it('sends the message out on the chosen class, with the reason and msg.llm', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"classes": ["Suporte"], "motivo": "O produto parou de funcionar."}');
    const { emitted } = await runNode(llmClassifyConnector, {
      ports,
      params: params(),
      input: input('Minha impressora parou.'),
    });
    const body = JSON.parse(String(ports.httpCalls[0]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ temperature: 0, response_format: { type: 'json_object' } });
    const [system, user] = turnsOf(ports.httpCalls[0]!);
    expect(system!.content).toContain('- "Suporte": problemas com um produto já comprado');
    expect(system!.content).toContain('"enum":["Vendas","Suporte"]},"maxItems":1');
    expect(user!.content).toBe('Minha impressora parou.');
    expect(emitted).toEqual([
      {
        output: 'Suporte',
        msg: {
          payload: { mensagem: 'Minha impressora parou.' },
          classificacao: { classes: ['Suporte'], motivo: 'O produto parou de funcionar.' },
          llm: {
            model: 'gpt-4o-mini-2024-07-18',
            provider: 'openai',
            tokens: { entrada: 12, saida: 5 },
            masked: {},
          },
        },
      },
    ]);
  });

  it('with several classes allowed, sends the message out on each one chosen', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"classes": ["Vendas", "Suporte"]}');
    const { emitted } = await runNode(llmClassifyConnector, {
      ports,
      params: params({ multiple: true }),
      input: input('Quero outra impressora, a minha quebrou.'),
    });
    expect(turnsOf(ports.httpCalls[0]!)[0]!.content).not.toContain('maxItems');
    expect(emitted.map((emission) => emission.output)).toEqual(['Vendas', 'Suporte']);
    expect(emitted[1]!.msg.classificacao).toEqual({ classes: ['Vendas', 'Suporte'] });
  });

  it("goes out on 'Outros' when the model says no class fits", async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"classes": [], "motivo": "É um elogio."}');
    const { emitted } = await runNode(llmClassifyConnector, {
      ports,
      params: params(),
      input: input('Vocês são ótimos!'),
    });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.output).toBe('other');
    expect(emitted[0]!.msg.classificacao).toEqual({ classes: [], motivo: 'É um elogio.' });
  });

  it('asks again naming an unknown class, then follows the fixed answer', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"classes": ["Reclamação"]}', '{"classes": ["Suporte"]}');
    const { emitted } = await runNode(llmClassifyConnector, {
      ports,
      params: params(),
      input: input('Nada funciona.'),
    });
    expect(ports.httpCalls).toHaveLength(2);
    expect(turnsOf(ports.httpCalls[1]!).at(-1)!.content).toContain(
      'a classe "Reclamação" não está entre as classes do nó (Vendas, Suporte).',
    );
    expect(emitted.map((emission) => emission.output)).toEqual(['Suporte']);
    expect(emitted[0]!.msg.llm).toMatchObject({ tokens: { entrada: 24, saida: 10 } });
  });

  it('fails in pt-BR when the class is still unknown after the retry', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"classes": ["Reclamação"]}');
    const error = await runNode(llmClassifyConnector, {
      ports,
      params: params(),
      input: input('Nada funciona.'),
    }).catch((failure: Error) => failure);
    expect(ports.httpCalls).toHaveLength(2);
    expect((error as Error).message).toBe(
      'A API compatível com OpenAI não respondeu uma classificação válida nem na segunda tentativa: a classe "Reclamação" não está entre as classes do nó (Vendas, Suporte).',
    );
  });

  it('masks a CPF of the text before the model sees it', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"classes": ["Suporte"], "motivo": "Cliente [CPF_1] com defeito."}');
    const { emitted } = await runNode(llmClassifyConnector, {
      ports,
      params: params(),
      input: input('Sou o CPF 529.982.247-25 e meu pedido veio quebrado.'),
    });
    const sent = String(ports.httpCalls[0]!.body);
    expect(sent).not.toContain('529.982.247-25');
    expect(turnsOf(ports.httpCalls[0]!)[1]!.content).toBe(
      'Sou o CPF [CPF_1] e meu pedido veio quebrado.',
    );
    expect(emitted[0]!.msg.classificacao).toEqual({
      classes: ['Suporte'],
      motivo: 'Cliente 529.982.247-25 com defeito.',
    });
    expect(emitted[0]!.msg.llm).toMatchObject({ masked: { CPF: 1 } });
  });

  it('has one output per class, as the editor and the validator read them', () => {
    const node = {
      uid: 'c',
      type: 'svc_llm_classify',
      typeVersion: 1,
      position: { x: 0, y: 0 },
      params: { classes },
    };
    expect(nodeOutputs(node, llmClassifyConnector.manifest)).toEqual([
      'other',
      'error',
      'Vendas',
      'Suporte',
    ]);
    expect(llmClassifyConnector.manifest.outputs.other).toEqual({ label: 'Outros' });
  });

  it('refuses on save a class without a name, twice or named as its own outputs', () => {
    const check = (rows: unknown) => llmClassifyConnector.checkParams?.({ classes: rows });
    expect(check(classes)).toBeNull();
    expect(check([{ name: 'Vendas' }, { name: ' Vendas ' }])).toBe(
      'A classe "Vendas" aparece mais de uma vez.',
    );
    expect(check([{ name: 'other' }])).toBe(
      '"other" é o nome de uma saída do próprio nó: dê outro nome à classe.',
    );
    expect(check([{ name: '' }])).toBe('A classe da linha 1 não tem nome.');
    expect(check([{ name: 'error' }])).toMatch(/^"error" é o nome de uma saída do próprio nó/);
    expect(check([{ name: 'Vendas' }, { name: '{{ msg.x }}' }])).toBe(
      'O nome da classe da linha 2 não pode ter expressões {{ }}: ele é o nome de uma saída.',
    );
  });
});
