import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { FlowIssue } from '@ponte/shared/flow/flow-validator';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { mockFetch } from '../../../test/mock-fetch';
import type { MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { operationManifest } from '@ponte/shared/flow/flow-test-fixtures';
import { NodePanel } from './node-panel';
import { everyKindManifest, makeNode, switchManifest } from './node-panel.fixtures';

vi.mock('../code-editor/monaco-editor', () => import('../code-editor/monaco-editor.mock'));

const flows = [
  { _id: 'f1', name: 'Cobrança mensal' },
  { _id: 'f2', name: 'Enviar boletos' },
];
const accounts = [
  { _id: 'sa1', name: 'SMTP do financeiro', auth_type: 'smtp_account' },
  { _id: 'sa2', name: 'API de pedidos', auth_type: 'http_basic' },
];
const tables = [
  { _id: 'tb1', name: 'clientes', fields: [], entities_count: 3 },
  { _id: 'tb2', name: 'pedidos', fields: [], entities_count: 0 },
];

function setup({
  node = makeNode(),
  manifest = everyKindManifest,
  issues = [],
  routes = [],
  accountItems = accounts,
}: {
  accountItems?: typeof accounts;
  node?: FlowNode;
  /** null: a type the library does not know. */
  manifest?: NodeManifest | null;
  issues?: FlowIssue[];
  routes?: MockRoute[];
} = {}) {
  const api = mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/flows', reply: { body: { items: flows, total: 2 } } },
    { method: 'GET', path: '/api/v1/db/tables', reply: { body: { items: tables, total: 2 } } },
    { method: 'GET', path: '/api/v1/forms', reply: { body: { items: [], total: 0 } } },
    {
      method: 'GET',
      path: '/api/v1/service-accounts',
      reply: { body: { items: accountItems, total: accountItems.length } },
    },
  ]);
  const onChange = vi.fn<(next: FlowNode) => void>();
  const onClose = vi.fn();
  function Harness() {
    const [current, setCurrent] = useState(node);
    return (
      <NodePanel
        node={current}
        manifest={manifest ?? undefined}
        issues={issues}
        onChange={(next) => {
          onChange(next);
          setCurrent(next);
        }}
        onClose={onClose}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  const last = () => onChange.mock.lastCall?.[0];
  return { ...view, api, onChange, onClose, last };
}

describe('NodePanel', () => {
  it('shows the node and one field per param, in manifest order, with defaults', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Requisição de teste' })).toBeInTheDocument();
    expect(screen.getByText('http_1')).toBeInTheDocument();
    expect(
      screen.getByText('Chama uma API HTTP e coloca a resposta em msg.payload.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do conector')).toHaveAttribute(
      'placeholder',
      'Requisição de teste',
    );

    const url = screen.getByRole('textbox', { name: /^URL/ });
    expect(url).toHaveAttribute('placeholder', 'https://api.exemplo.com.br/pedidos');
    expect(url.closest('.mantine-InputWrapper-root')).toHaveTextContent('*');
    expect(screen.getByRole('textbox', { name: 'Corpo' })).toHaveAccessibleDescription(
      'O corpo enviado.',
    );
    expect(screen.getByRole('combobox', { name: 'Método' })).toHaveValue('GET');
    expect(screen.getByRole('textbox', { name: 'Tempo limite (ms)' })).toHaveValue('30000');
    expect(screen.getByRole('switch', { name: 'Seguir redirecionamentos' })).toBeChecked();
    expect(screen.getByRole('table', { name: 'Cabeçalhos' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Campos' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Transformação' })).toHaveAttribute(
      'data-language',
      'json',
    );
    expect(screen.getByRole('combobox', { name: 'Flow a executar' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tabela' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Formulário' })).toBeInTheDocument();
    expect(screen.getByText(/para usar valores da mensagem/)).toHaveTextContent(
      'Use {{ msg.payload.campo }} para usar valores da mensagem',
    );

    const text = document.body.textContent ?? '';
    const order = Object.values(everyKindManifest.params).map((spec) => text.indexOf(spec.label));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('writes each edit as a new node, without the defaults nobody touched', async () => {
    const node = makeNode({ label: 'Buscar pedidos' });
    const { user, last } = setup({ node });
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://x.io');
    expect(last()).toEqual({ ...node, params: { url: 'https://x.io' } });
    expect(last()).not.toBe(node);
    expect(node.params).toEqual({});
  });

  it('stores numbers as numbers, and an expression as text', async () => {
    const { user, last } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Novas tentativas imediatas' }), '3');
    expect(last()?.params.retries).toBe(3);

    await user.clear(screen.getByRole('textbox', { name: 'Tempo limite (ms)' }));
    expect(last()?.params.timeout_ms).toBe('');
    expect(screen.getByRole('textbox', { name: 'Tempo limite (ms)' })).toHaveAttribute(
      'placeholder',
      'Padrão: 30000',
    );

    const retries = () => screen.getByRole('textbox', { name: /^Novas tentativas imediatas/ });
    const wrapper = () => retries().closest('.mantine-InputWrapper-root') as HTMLElement;
    await user.click(within(wrapper()).getByRole('button', { name: 'Usar expressão' }));
    expect(retries()).toHaveFocus();
    await user.clear(retries());
    await user.paste('{{ msg.payload.tentativas }}');
    expect(last()?.params.retries).toBe('{{ msg.payload.tentativas }}');
    expect(within(wrapper()).getByText('Expressão')).toBeInTheDocument();

    await user.clear(retries());
    await user.type(retries(), '7');
    expect(last()?.params.retries).toBe(7);
    await user.click(within(wrapper()).getByRole('button', { name: 'Usar número' }));
    expect(retries()).toHaveValue('7');
  });

  it('reads numbers as Brazilians type them and keeps the text as typed', async () => {
    const { user, last } = setup();
    const timeout = screen.getByRole('textbox', { name: 'Tempo limite (ms)' });
    const typed: [string, number][] = [
      ['30.000', 30000],
      ['1.234,5', 1234.5],
      ['1234,5', 1234.5],
      ['1234.5', 1234.5],
    ];
    for (const [text, number] of typed) {
      await user.clear(timeout);
      await user.type(timeout, text);
      expect(last()?.params.timeout_ms, text).toBe(number);
      expect(timeout).toHaveValue(text);
    }
    await user.clear(timeout);
    await user.type(timeout, '1,234.5');
    expect(last()?.params.timeout_ms).toBe('1,234.5');
  });

  it('toggles booleans and picks select options', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('switch', { name: 'Seguir redirecionamentos' }));
    expect(last()?.params.follow).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Método' }));
    await user.click(await screen.findByRole('option', { name: 'POST' }));
    expect(last()?.params).toEqual({ follow: false, method: 'POST' });
  });

  it("shows only the chosen operation's params, and keeps a hidden one's value", async () => {
    const { user, last } = setup({
      manifest: operationManifest,
      node: makeNode({ type: 'svc_exemplo', params: { texto: 'Olá' } }),
    });
    expect(screen.getByRole('textbox', { name: 'Texto' })).toHaveValue('Olá');
    await user.click(screen.getByRole('combobox', { name: 'Operação' }));
    await user.click(await screen.findByRole('option', { name: 'Chat → Consultar' }));
    expect(screen.queryByRole('textbox', { name: 'Texto' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'ID do chat' })).toBeInTheDocument();
    expect(last()?.params).toEqual({ texto: 'Olá', operation: 'consultar' });
    await user.click(screen.getByRole('combobox', { name: 'Operação' }));
    await user.click(await screen.findByRole('option', { name: 'Mensagem → Enviar' }));
    expect(screen.getByRole('textbox', { name: 'Texto' })).toHaveValue('Olá');
  });

  it('adds, edits and removes table rows as plain objects', async () => {
    const { user, last } = setup();
    const headers = screen.getByRole('table', { name: 'Cabeçalhos' });
    expect(within(headers).getByText('Nenhuma linha.')).toBeInTheDocument();
    const wrapper = headers.closest('.mantine-InputWrapper-root') as HTMLElement;
    const add = within(wrapper).getByRole('button', { name: 'Adicionar linha' });

    await user.click(add);
    expect(last()?.params.headers).toEqual([{ key: '', value: '' }]);
    await user.type(within(headers).getByRole('textbox', { name: 'Nome (linha 1)' }), 'X-Id');
    await user.click(add);
    await user.type(within(headers).getByRole('textbox', { name: 'Valor (linha 2)' }), '42');
    expect(last()?.params.headers).toEqual([
      { key: 'X-Id', value: '' },
      { key: '', value: '42' },
    ]);

    await user.click(within(headers).getAllByRole('button', { name: 'Remover linha' })[0]!);
    expect(last()?.params.headers).toEqual([{ key: '', value: '42' }]);
    expect(within(headers).getByRole('textbox', { name: 'Valor (linha 1)' })).toHaveValue('42');
  });

  it('edits select and boolean cells', async () => {
    const { user, last } = setup();
    const fields = screen.getByRole('table', { name: 'Campos' });
    const wrapper = fields.closest('.mantine-InputWrapper-root') as HTMLElement;
    await user.click(within(wrapper).getByRole('button', { name: 'Adicionar linha' }));
    expect(last()?.params.fields).toEqual([{ name: '', type: 'text', required: false }]);

    await user.click(within(fields).getByRole('checkbox', { name: 'Obrigatório (linha 1)' }));
    await user.click(within(fields).getByRole('combobox', { name: 'Tipo (linha 1)' }));
    await user.click(await screen.findByRole('option', { name: 'Arquivo' }));
    expect(last()?.params.fields).toEqual([{ name: '', type: 'upload', required: true }]);
  });

  it('tells which table rows become outputs', () => {
    setup({ node: makeNode({ type: 'core_switch' }), manifest: switchManifest });
    expect(
      screen.getByText('Cada linha cria uma saída do conector, com o nome da coluna "Saída".'),
    ).toBeInTheDocument();
  });

  it('sets the label, the breakpoint with its condition, and disabled', async () => {
    const { user, last } = setup();
    await user.type(screen.getByLabelText('Nome do conector'), 'Buscar');
    expect(last()?.label).toBe('Buscar');

    expect(screen.queryByLabelText('Condição do breakpoint (JSONata, opcional)')).toBeNull();
    await user.click(screen.getByRole('switch', { name: /^Breakpoint/ }));
    expect(last()?.breakpoint).toBe(true);
    const condition = screen.getByLabelText('Condição do breakpoint (JSONata, opcional)');
    expect(condition).toHaveAttribute('placeholder', 'msg.payload.total > 100');
    await user.type(condition, 'msg.x > 1');
    expect(last()?.breakpointCondition).toBe('msg.x > 1');

    await user.click(screen.getByRole('switch', { name: /^Breakpoint/ }));
    expect(last()).not.toHaveProperty('breakpoint');
    expect(screen.queryByLabelText('Condição do breakpoint (JSONata, opcional)')).toBeNull();

    await user.click(screen.getByRole('switch', { name: /^Desativado/ }));
    expect(last()?.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Nome do conector'));
    expect(last()).not.toHaveProperty('label');
    expect(last()?.params).toEqual({});
  });

  it("marks a field holding {{ }} with an 'Expressão' badge", async () => {
    const { user } = setup({ node: makeNode({ params: { body: 'Olá {{ msg.payload.nome }}' } }) });
    const body = screen.getByRole('textbox', { name: /^Corpo/ });
    expect(body.closest('.mantine-InputWrapper-root')).toHaveTextContent('Expressão');
    const url = screen.getByRole('textbox', { name: /^URL/ });
    const urlWrapper = url.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(urlWrapper).queryByText('Expressão')).toBeNull();
    await user.click(url);
    await user.paste('https://x.io/{{ msg.payload.id }}');
    expect(within(urlWrapper).getByText('Expressão')).toBeInTheDocument();
  });

  it('edits code through the code editor', async () => {
    const { user, last } = setup();
    const editor = await screen.findByRole('textbox', { name: 'Transformação' });
    await user.click(editor);
    await user.paste('[1, 2]');
    expect(last()?.params.transform).toBe('[1, 2]');
  });

  it('lists the workspace flows for a flow reference and stores the _id', async () => {
    const { user, api, last } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Flow a executar' }));
    await user.click(await screen.findByRole('option', { name: 'Enviar boletos' }));
    expect(last()?.params.target).toBe('f2');
    const call = api.callsTo('GET', '/api/v1/flows')[0];
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      page: '1',
      limit: '1000',
      fields: 'name',
    });
  });

  it('keeps showing a referenced flow that no longer exists', async () => {
    setup({ node: makeNode({ params: { target: 'gone' } }) });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Flow a executar' })).toHaveValue(
        'Flow não encontrado (gone)',
      ),
    );
  });

  it("lists the workspace's tables for a table reference and stores the _id", async () => {
    const { user, api, last } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Tabela' }));
    await user.click(await screen.findByRole('option', { name: 'pedidos' }));
    expect(last()?.params.table).toBe('tb2');
    const call = api.callsTo('GET', '/api/v1/db/tables')[0];
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ page: '1', limit: '1000' });
  });

  it('keeps showing a table given by name, and one that no longer exists', async () => {
    const { unmount } = setup({ node: makeNode({ params: { table: 'clientes' } }) });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Tabela' })).toHaveValue('clientes'),
    );
    unmount();
    setup({ node: makeNode({ params: { table: 'tb_gone' } }) });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Tabela' })).toHaveValue(
        'Tabela não encontrada (tb_gone)',
      ),
    );
  });

  it('lists the accounts of the types the node accepts and stores the _id', async () => {
    const { user, api, last } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Conta de serviço' }));
    await user.click(await screen.findByRole('option', { name: 'API de pedidos (HTTP Basic)' }));
    expect(last()?.params.account).toBe('sa2');
    const call = api.callsTo('GET', '/api/v1/service-accounts')[0];
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      limit: '1000',
      type: 'smtp_account,http_basic',
    });
  });

  it('says an account was removed instead of showing an empty box', async () => {
    setup({ node: makeNode({ params: { account: 'sa_antiga' } }) });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Conta de serviço' })).toHaveValue(
        'Conta de serviço removida',
      ),
    );
  });

  it('links to the accounts page when there is no account of those types', async () => {
    setup({ accountItems: [] });
    const link = await screen.findByRole('link', { name: 'Criar conta de serviço' });
    expect(link).toHaveAttribute('href', '/service-accounts');
  });

  it('shows an alert and no form for an unknown type', () => {
    setup({ node: makeNode({ type: 'vendor_gone' }), manifest: null });
    expect(screen.getByRole('alert')).toHaveTextContent('Tipo de conector desconhecido');
    expect(screen.getByRole('alert')).toHaveTextContent('vendor_gone');
    expect(screen.queryByLabelText('Nome do conector')).toBeNull();
  });

  it("lists the node's issues at the top", () => {
    setup({
      issues: [
        {
          level: 'error',
          code: 'required_param',
          message: 'O conector "Buscar" não tem o parâmetro obrigatório "URL" preenchido.',
          node_uid: 'http_1',
        },
        {
          level: 'warning',
          code: 'unreachable',
          message: 'Nada chega a este conector.',
          node_uid: 'http_1',
        },
      ] as FlowIssue[],
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Problemas neste conector')).toBeInTheDocument();
    const items = within(alert).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Erro');
    expect(items[0]).toHaveTextContent('não tem o parâmetro obrigatório "URL"');
    expect(items[1]).toHaveTextContent('Aviso');
    expect(items[1]).toHaveTextContent('Nada chega a este conector.');
  });

  it('closes', async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Fechar painel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
