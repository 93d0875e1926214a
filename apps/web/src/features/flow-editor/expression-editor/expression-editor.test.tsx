import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { mockFetch, type RecordedCall } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { NodePanel } from '../node-panel/node-panel';
import type { NodePanelData } from '../run-data/run-data-types';
import { noSampleText } from './expression-result';
import { emptyFlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { savedFlow } from '../editor-test-fixtures';

vi.mock('./template-monaco', () => import('./template-monaco.mock'));

const manifest: NodeManifest = {
  type: 'test_mail',
  version: 1,
  category: 'action',
  label: 'E-mail de teste',
  description: 'Envia um e-mail.',
  icon: 'mail',
  params: {
    subject: { type: 'text', label: 'Assunto' },
    body: { type: 'textarea', label: 'Corpo' },
    headers: {
      type: 'table-params',
      label: 'Cabeçalhos',
      columns: [
        { key: 'key', label: 'Nome', type: 'text' },
        { key: 'on', label: 'Ativo', type: 'boolean' },
      ],
    },
    mode: {
      type: 'select',
      label: 'Modo',
      options: [{ label: 'Texto', value: 'text' }],
    },
  },
  outputs: { default: { label: 'Saída' } },
};

const sample = { payload: { nome: 'Ana', total: 12.5 } };
const runData: NodePanelData = {
  summary: undefined,
  runs: [{ input: sample, outputs: [], duration_ms: 3 }],
  loading: false,
};
const longError =
  'T2001: O lado esquerdo do operador "+" deve resultar em um número (posição 18), e mais texto que não cabe numa linha';

/** The server, faked: a few templates it knows, an error for `+ 1`. */
function resolve(template: string) {
  if (template.includes('+ 1')) return { ok: false, error: longError };
  const known: Record<string, unknown> = {
    '{{ msg.payload.nome }}': 'Ana',
    'Olá, {{ msg.payload.nome }}': 'Olá, Ana',
    '{{ msg.payload }}': sample.payload,
    '{{ msg.payload.total }}': 12.5,
  };
  return template in known ? { ok: true, value: known[template] } : { ok: true, value: null };
}

function setup({
  params = {},
  data = runData,
  flowId = 'flow-1',
}: { params?: Record<string, unknown>; data?: NodePanelData; flowId?: string | null } = {}) {
  const api = mockFetch([
    {
      method: 'POST',
      path: '/engine/expressions/preview',
      reply: (call: RecordedCall) => ({
        body: { results: (call.body as { templates: string[] }).templates.map(resolve) },
      }),
    },
    {
      method: 'GET',
      path: '/api/v1/flows/flow-1',
      reply: {
        body: savedFlow(emptyFlowDocument(), {
          _id: 'flow-1',
          variables: [{ key: 'LOTE', value: '7' }],
        }),
      },
    },
    {
      method: 'GET',
      path: '/api/v1/variables',
      reply: {
        body: {
          items: [
            {
              _id: 'v1',
              name: 'Token',
              key: 'API_TOKEN',
              value: 'x',
              workspace: 'w',
              updated_at: '2026-11-28T10:00:00.000Z',
            },
          ],
          total: 1,
        },
      },
    },
  ]);
  const onChange = vi.fn<(next: FlowNode) => void>();
  function Harness() {
    const [node, setNode] = useState<FlowNode>({
      uid: 'mail_1',
      type: 'test_mail',
      typeVersion: 1,
      position: { x: 0, y: 0 },
      params,
    });
    return (
      <NodePanel
        node={node}
        manifest={manifest}
        issues={[]}
        flowId={flowId}
        runData={data}
        onChange={(next) => {
          onChange(next);
          setNode(next);
        }}
        onClose={() => undefined}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  const previews = () => api.callsTo('POST', '/engine/expressions/preview');
  return { ...view, api, onChange, previews };
}

async function openEditor(user: ReturnType<typeof setup>['user'], label: string) {
  await user.click(screen.getByRole('button', { name: `Abrir o editor de expressão de ${label}` }));
  return screen.findByRole('dialog', { name: `Expressão: ${label}` });
}

describe('expression editor', () => {
  it('offers the editor beside the params that take expressions only', () => {
    setup();
    expect(
      screen.getByRole('button', { name: 'Abrir o editor de expressão de Assunto' }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Abrir o editor de expressão de Corpo' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /editor de expressão de Modo/ })).toBeNull();
  });

  it('inserts a field of the sample at the cursor with a click, and previews the result', async () => {
    const { user, onChange, previews } = setup({ params: { subject: 'Olá, ' } });
    const dialog = await openEditor(user, 'Assunto');
    const editor = await within(dialog).findByRole('textbox', {
      name: 'Expressão do parâmetro Assunto',
    });
    expect(editor).toHaveValue('Olá, ');
    // Nothing to evaluate yet: the text is its own value, and the server is not asked.
    const result = within(dialog).getByRole('region', { name: 'Resultado' });
    expect(result).toHaveTextContent('Olá,');

    (editor as HTMLTextAreaElement).setSelectionRange(5, 5);
    await user.click(within(dialog).getByRole('button', { name: 'Inserir msg.payload.nome' }));
    expect(editor).toHaveValue('Olá, {{ msg.payload.nome }}');
    await waitFor(() => expect(result).toHaveTextContent('Olá, Ana'));
    expect(previews().at(-1)!.body).toEqual({
      flow_id: 'flow-1',
      msg: sample,
      templates: ['Olá, {{ msg.payload.nome }}'],
    });

    // The variables are listed too, the workspace's and the flow's; an object shows as JSON.
    const variables = within(dialog).getByRole('group', { name: 'Variáveis' });
    expect(variables).toHaveTextContent('API_TOKEN');
    await waitFor(() => expect(variables).toHaveTextContent('LOTE'));
    await user.clear(editor);
    await user.click(within(dialog).getByRole('button', { name: 'Inserir msg.payload' }));
    await waitFor(() => expect(result).toHaveTextContent('"total": 12.5'));

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ params: { subject: '{{ msg.payload }}' } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's error in red and leaves the param unchanged on 'Cancelar'", async () => {
    const { user, onChange } = setup({ params: { body: '{{ msg.payload.nome }}' } });
    const dialog = await openEditor(user, 'Corpo');
    const editor = await within(dialog).findByRole('textbox', {
      name: 'Expressão do parâmetro Corpo',
    });
    const result = within(dialog).getByRole('region', { name: 'Resultado' });
    await waitFor(() => expect(result).toHaveTextContent('Ana'));
    await user.clear(editor);
    await user.type(editor, '{{{{ msg.payload.nome + 1 }}');
    const error = await within(result).findByText(longError);
    expect(error).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    const calls = onChange.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange.mock.calls.length).toBe(calls);
  });

  it('says there is no sample before the node ran', async () => {
    const { user, previews } = setup({
      params: { subject: '{{ msg.payload.nome }}' },
      data: { summary: undefined, runs: undefined, loading: false },
    });
    const dialog = await openEditor(user, 'Assunto');
    expect(within(dialog).getByRole('region', { name: 'Resultado' })).toHaveTextContent(
      noSampleText,
    );
    expect(screen.queryByTestId('resolved-value')).toBeNull();
    expect(previews()).toHaveLength(0);
  });

  it('shows the resolved value under each expression param, from one call per node', async () => {
    const { previews } = setup({
      params: {
        subject: '{{ msg.payload.nome }}',
        body: '{{ msg.payload.nome + 1 }}',
        mode: 'text',
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('resolved-value')).toHaveLength(2));
    const values = screen.getAllByTestId('resolved-value');
    expect(values[0]).toHaveTextContent('Valor: Ana');
    const error = values[1]!;
    expect(error).toHaveTextContent(`Erro: ${longError}`);
    expect(error).toHaveAttribute('title', longError);
    expect(previews()).toHaveLength(1);
    expect(previews()[0]!.body).toMatchObject({
      templates: ['{{ msg.payload.nome }}', '{{ msg.payload.nome + 1 }}'],
    });
  });

  it('opens the editor from a text cell of a table param and writes the cell', async () => {
    const { user, onChange } = setup({ params: { headers: [{ key: 'X-Nome', on: true }] } });
    expect(screen.queryByRole('button', { name: /editor de expressão de Ativo/ })).toBeNull();
    const dialog = await openEditor(user, 'Nome (linha 1)');
    const editor = await within(dialog).findByRole('textbox', {
      name: 'Expressão do parâmetro Nome (linha 1)',
    });
    await user.clear(editor);
    await user.click(within(dialog).getByRole('button', { name: 'Inserir msg.payload.nome' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        params: { headers: [{ key: '{{ msg.payload.nome }}', on: true }] },
      }),
    );
  });
});
