import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { newCustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import type {
  CustomNodeParam,
  CustomNodeTestBody,
  CustomNodeTestResult,
} from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { CustomNodeTestPanel } from './custom-node-test-panel';

const code = 'async function handler(msg, params) { return { payload: params.cep }; }';

const params: CustomNodeParam[] = [
  {
    ...newCustomNodeParam('select', 1),
    name: 'formato',
    label: 'Formato',
    options: [
      { label: 'Com traço', value: 'traco' },
      { label: 'Só números', value: 'numeros' },
    ],
  },
  { ...newCustomNodeParam('text', 0), name: 'cep', label: 'CEP', default_value: '01001000' },
  {
    ...newCustomNodeParam('table-params', 2),
    name: 'cabecalhos',
    label: 'Cabeçalhos',
    columns: [{ key: 'nome', label: 'Nome', type: 'text' }],
  },
];

const path = '/api/v1/custom-nodes/test';

function setup(reply: Parameters<typeof mockFetch>[0][number]['reply']) {
  const api = mockFetch([{ method: 'POST', path, reply }]);
  const view = renderWithProviders(<CustomNodeTestPanel code={code} params={params} />);
  return { api, ...view };
}

const ok: CustomNodeTestResult = {
  ok: true,
  msg: { payload: { cep: '01001-000' } },
  logs: [
    { level: 'info', message: 'formatando 01001000' },
    { level: 'warn', message: 'sem UF' },
  ],
  duration_ms: 12.4,
};

/** Replaces a field's text (JSON braces would be key descriptors for user.type). */
const setText = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe("the 'Testar' panel", () => {
  it('posts the current code, params, values and message, and shows result, logs and time', async () => {
    const { api, user } = setup({ body: ok });
    expect(screen.getByRole('textbox', { name: 'Mensagem de teste (JSON)' })).toHaveValue(
      '{\n  "payload": {}\n}',
    );
    const values = screen.getByRole('group', { name: 'Valores dos parâmetros' });
    expect(within(values).getByRole('textbox', { name: 'CEP' })).toHaveValue('01001000');

    await user.click(within(values).getByRole('combobox', { name: 'Formato' }));
    await user.click(await screen.findByRole('option', { name: 'Só números' }));
    setText('Cabeçalhos', '[{"nome": "X-Id"}]');
    setText('Mensagem de teste (JSON)', '{"payload": {"uf": "SP"}}');
    await user.click(screen.getByRole('button', { name: 'Testar' }));

    expect(await screen.findByText('Resultado')).toBeInTheDocument();
    const sent = api.callsTo('POST', path);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      code_execution_content: code,
      params: [1, 0, 2].map((i) => params[i]!),
      values: { cep: '01001000', formato: 'numeros', cabecalhos: [{ nome: 'X-Id' }] },
      msg: { payload: { uf: 'SP' } },
    } satisfies CustomNodeTestBody);

    const tree = screen.getByRole('tree', { name: 'Árvore JSON' });
    expect(tree).toHaveTextContent('"01001-000"');
    expect(screen.getByLabelText('Logs')).toHaveTextContent('formatando 01001000 sem UF');
    expect(screen.getByText('Tempo: 12 ms')).toBeInTheDocument();
  });

  it("shows the handler's error in red, with its logs and time", async () => {
    const { user } = setup({
      body: { ok: false, error: 'CEP inválido', logs: [], duration_ms: 3 },
    });
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('CEP inválido');
    expect(screen.queryByText('Resultado')).toBeNull();
    expect(screen.getByText('Nenhum log.')).toBeInTheDocument();
    expect(screen.getByText('Tempo: 3 ms')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const { user } = setup(apiError(400, 'O código do conector deve ter no máximo 200 KB.'));
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O código do conector deve ter no máximo 200 KB.',
    );
  });

  it('sends nothing when the message is not a JSON object or a table is not a list', async () => {
    const { api, user } = setup({ body: ok });
    for (const text of ['{"payload": ', '[1, 2]', 'null']) {
      setText('Mensagem de teste (JSON)', text);
      await user.click(screen.getByRole('button', { name: 'Testar' }));
      expect(screen.getByRole('alert')).toHaveTextContent(messages.customNodes.testMessageInvalid);
    }
    setText('Mensagem de teste (JSON)', '{}');
    setText('Cabeçalhos', '{"nome": "X"}');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'O valor do parâmetro "Cabeçalhos" precisa ser uma lista JSON',
    );
    expect(api.callsTo('POST', path)).toHaveLength(0);

    setText('Cabeçalhos', '[]');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(await screen.findByText('Resultado')).toBeInTheDocument();
    expect(screen.queryByText(messages.customNodes.testMessageInvalid)).toBeNull();
    expect(api.callsTo('POST', path)).toHaveLength(1);
  });

  it('shows the params of the picked operation only, and sends numbers and yes/no as such', async () => {
    // A connector made from an OpenAPI document (docs/adr/0137): 'Operação' picks the params.
    const openApi: CustomNodeParam[] = [
      {
        ...newCustomNodeParam('select', 0),
        name: 'operacao',
        label: 'Operação',
        default_value: 'alerts/create',
        options: [
          { label: 'Criar alerta', value: 'alerts/create' },
          { label: 'Ver alerta', value: 'alerts/get' },
        ],
      },
      {
        ...newCustomNodeParam('number', 1),
        name: 'percentage',
        label: 'percentage',
        description: 'Percentual da cota que dispara o alerta.',
        show_when: { operacao: ['alerts/create'] },
      },
      {
        ...newCustomNodeParam('boolean', 2),
        name: 'ativo',
        label: 'ativo',
        show_when: { operacao: ['alerts/create'] },
      },
      {
        ...newCustomNodeParam('number', 3),
        name: 'alert_id',
        label: 'alert_id',
        show_when: { operacao: ['alerts/get'] },
      },
    ];
    const api = mockFetch([{ method: 'POST', path, reply: { body: ok } }]);
    const { user } = renderWithProviders(<CustomNodeTestPanel code={code} params={openApi} />);
    const values = screen.getByRole('group', { name: 'Valores dos parâmetros' });
    expect(within(values).queryByRole('textbox', { name: 'alert_id' })).toBeNull();
    expect(screen.getByText('Percentual da cota que dispara o alerta.')).toBeInTheDocument();

    setText('percentage', '1.234,5');
    await user.click(within(values).getByRole('switch', { name: 'ativo' }));
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    await screen.findByText('Resultado');
    expect(api.callsTo('POST', path)[0]?.body).toMatchObject({
      values: { operacao: 'alerts/create', percentage: 1234.5, ativo: true },
    });

    await user.click(within(values).getByRole('combobox', { name: 'Operação' }));
    await user.click(await screen.findByRole('option', { name: 'Ver alerta' }));
    expect(within(values).queryByRole('textbox', { name: 'percentage' })).toBeNull();
    setText('alert_id', 'quarenta');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'O valor do parâmetro "alert_id" precisa ser um número',
    );
    setText('alert_id', '48');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    await waitFor(() => expect(api.callsTo('POST', path)).toHaveLength(2));
    // The hidden params of the other operation are not sent.
    expect((api.callsTo('POST', path)[1]?.body as CustomNodeTestBody).values).toEqual({
      operacao: 'alerts/get',
      alert_id: 48,
    });
  });
});
