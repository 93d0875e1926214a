import { describe, expect, it } from 'vitest';
import { runNode } from '../../testing/run-node';
import { llmExtractConnector } from './llm-extract.connector';
import { answering, portsWithOpenAi, turnsOf } from './llm-test-fixtures';

// The model is OpenAI's Chat Completions (https://platform.openai.com/docs/api-reference/chat/create),
// scripted on the engine's HTTP port.
const fields = [
  { name: 'cliente', type: 'text', description: 'o nome de quem pede', required: true },
  { name: 'total', type: 'number', description: 'o valor em reais', required: true },
  { name: 'entrega', type: 'date', description: 'a data de entrega' },
  { name: 'urgente', type: 'boolean' },
  { name: 'itens', type: 'list', description: 'os produtos' },
  { name: 'cpf' },
];
const params = (extra: Record<string, unknown> = {}) => ({
  service_account: 'openai',
  model: 'gpt-4o-mini',
  text: '{{ msg.payload.email }}',
  fields,
  ...extra,
});

describe('svc_llm_extract', () => {
  it('asks for each field by its type and gives the typed object, missing optionals as null', async () => {
    const ports = portsWithOpenAi();
    answering(
      ports,
      '{"cliente": "Ana", "total": 1234.5, "entrega": "2025-03-10", "itens": ["mesa", "cadeira"], "extra": 1}',
    );
    const { emitted } = await runNode(llmExtractConnector, {
      ports,
      params: params({ mask_personal_data: false }),
      input: { payload: { email: 'Ana quer mesa e cadeira, R$ 1.234,50, para 10/03/2025.' } },
    });
    const [system, user] = turnsOf(ports.httpCalls[0]!);
    expect(system!.content).toContain(
      '- "total" (número JSON, sem aspas, obrigatório): o valor em reais',
    );
    expect(system!.content).toContain(
      '- "entrega" (data no formato AAAA-MM-DD (YYYY-MM-DD), opcional): a data de entrega',
    );
    expect(system!.content).toContain('- "cpf" (texto, opcional)');
    expect(system!.content).toContain('"required":["cliente","total"]');
    expect(user!.content).toBe('Ana quer mesa e cadeira, R$ 1.234,50, para 10/03/2025.');
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toMatchObject({ temperature: 0 });
    expect(emitted[0]!.output).toBe('default');
    expect(emitted[0]!.msg.payload).toEqual({
      cliente: 'Ana',
      total: 1234.5,
      entrega: '2025-03-10',
      urgente: null,
      itens: ['mesa', 'cadeira'],
      cpf: null,
    });
    expect(emitted[0]!.msg.llm).toMatchObject({ provider: 'openai', tokens: { entrada: 12 } });
  });

  it('asks again when a required field is missing or a date is out of format', async () => {
    const ports = portsWithOpenAi();
    answering(
      ports,
      '{"cliente": "Ana", "entrega": "10/03/2025"}',
      '{"cliente": "Ana", "total": 80, "entrega": "2025-03-10"}',
    );
    const { emitted, logs } = await runNode(llmExtractConnector, {
      ports,
      params: params({ mask_personal_data: false }),
      input: { payload: { email: 'Ana, R$ 80, 10/03/2025' } },
    });
    expect(ports.httpCalls).toHaveLength(2);
    const problem = turnsOf(ports.httpCalls[1]!).at(-1)!.content;
    expect(problem).toContain('total:');
    expect(problem).toContain('entrega:');
    expect(logs.some((line) => line.type === 'user')).toBe(true);
    expect(emitted[0]!.msg.payload).toMatchObject({ total: 80, entrega: '2025-03-10' });
  });

  it('fails in pt-BR when a required field is still missing after the retry', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"cliente": "Ana"}');
    const error = await runNode(llmExtractConnector, {
      ports,
      params: params({ mask_personal_data: false }),
      input: { payload: { email: 'Ana' } },
    }).catch((failure: Error) => failure);
    expect(ports.httpCalls).toHaveLength(2);
    expect((error as Error).message).toMatch(
      /^A API compatível com OpenAI não devolveu os campos pedidos nem na segunda tentativa: total: /,
    );
  });

  it('sends masked values and gives them back unmasked in the extracted object', async () => {
    const ports = portsWithOpenAi();
    answering(ports, '{"cliente": "Ana <[EMAIL_1]>", "total": 10, "cpf": "[CPF_1]"}');
    const { emitted } = await runNode(llmExtractConnector, {
      ports,
      params: params(),
      input: { payload: { email: 'Ana (ana@exemplo.com.br), CPF 529.982.247-25, R$ 10' } },
    });
    expect(turnsOf(ports.httpCalls[0]!)[1]!.content).toBe('Ana ([EMAIL_1]), CPF [CPF_1], R$ 10');
    expect(emitted[0]!.msg.payload).toMatchObject({
      cliente: 'Ana <ana@exemplo.com.br>',
      cpf: '529.982.247-25',
    });
    expect(emitted[0]!.msg.llm).toMatchObject({ masked: { CPF: 1, EMAIL: 1 } });
  });

  it('refuses on save a field without a name or twice', () => {
    const check = (rows: unknown) => llmExtractConnector.checkParams?.({ fields: rows });
    expect(check(fields)).toBeNull();
    expect(check([])).toBe('Informe ao menos um campo a extrair.');
    expect(check([{ name: 'total' }, { name: 'total' }])).toBe(
      'O campo "total" aparece mais de uma vez.',
    );
  });
});
