import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  customNodeSaveIssues,
  defaultHandlerCode,
  newCustomNodeParam,
} from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeParam, CustomNodeSaveIssue } from '@ponte/shared/custom-nodes.schema';
import { renderWithProviders } from '../../test/render';
import { CustomNodeFunctionsTab } from './custom-node-functions-tab';
import type { CustomNodeFunctionsValue } from './custom-node-functions-tab';

vi.mock(
  '../flow-editor/code-editor/monaco-editor',
  () => import('../flow-editor/code-editor/monaco-editor.mock'),
);

const typings = vi.hoisted(() => ({ added: [] as string[], removed: [] as string[] }));
vi.mock('./handler-typings-monaco', () => ({
  addHandlerTypings: (text: string) => {
    typings.added.push(text);
    return () => typings.removed.push(text);
  },
}));

// Before each test: the previous test's editor goes away (and takes its typings) after its own hooks.
beforeEach(() => {
  typings.added.length = 0;
  typings.removed.length = 0;
});

const param = (name: string, position: number, extra: Partial<CustomNodeParam> = {}) => ({
  ...newCustomNodeParam('text', position),
  name,
  label: name.toUpperCase(),
  ...extra,
});

function setup(
  initial: Partial<CustomNodeFunctionsValue> = {},
  issuesOf?: (value: CustomNodeFunctionsValue) => CustomNodeSaveIssue[],
) {
  const onChange = vi.fn<(patch: Partial<CustomNodeFunctionsValue>) => void>();
  let latest: CustomNodeFunctionsValue = {
    execution_type: 'custom_code',
    code_execution_content: defaultHandlerCode,
    params: [],
    ...initial,
  };
  function Harness() {
    const [value, setValue] = useState(latest);
    return (
      <CustomNodeFunctionsTab
        value={value}
        issues={issuesOf?.(value) ?? []}
        onChange={(patch) => {
          onChange(patch);
          latest = { ...latest, ...patch };
          setValue(latest);
        }}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  return { ...view, onChange, value: () => latest };
}

const paramGroup = (n: number) => screen.getByRole('group', { name: `Parâmetro ${n}` });

async function type(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

async function pickType(user: UserEvent, n: number, label: string) {
  await user.click(within(paramGroup(n)).getByRole('combobox', { name: 'Tipo' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const namesAndPositions = (params: CustomNodeParam[] | undefined) =>
  params?.map(({ name, position }) => [name, position]);

describe("the 'Funções' tab", () => {
  it('offers only custom_code and edits the handler in the code editor', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Tipo de execução' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Código personalizado (custom_code)',
    ]);
    const editor = await screen.findByRole('textbox', { name: 'Código do handler' });
    expect(editor).toHaveAttribute('data-language', 'javascript');
    expect(editor).toHaveValue(defaultHandlerCode);
    await user.type(editor, '//');
    expect(onChange).toHaveBeenLastCalledWith({
      code_execution_content: `${defaultHandlerCode}//`,
    });
  });

  it('adds, reorders and removes params, renumbering positions each time', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar parâmetro' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar parâmetro' }));
    await type(user, within(paramGroup(1)).getByRole('textbox', { name: /^Nome/ }), 'cep');
    await type(user, within(paramGroup(2)).getByRole('textbox', { name: /^Nome/ }), 'uf');
    expect(namesAndPositions(onChange.mock.lastCall?.[0].params)).toEqual([
      ['cep', 0],
      ['uf', 1],
    ]);
    expect(onChange.mock.lastCall?.[0].params?.[0]).toMatchObject({ type: 'text' });

    expect(screen.getByRole('button', { name: 'Mover parâmetro 1 para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover parâmetro 2 para baixo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mover parâmetro 2 para cima' }));
    expect(namesAndPositions(onChange.mock.lastCall?.[0].params)).toEqual([
      ['uf', 0],
      ['cep', 1],
    ]);
    expect(within(paramGroup(1)).getByRole('textbox', { name: /^Nome/ })).toHaveValue('uf');

    await user.click(screen.getByRole('button', { name: 'Mover parâmetro 1 para baixo' }));
    expect(namesAndPositions(onChange.mock.lastCall?.[0].params)).toEqual([
      ['cep', 0],
      ['uf', 1],
    ]);

    await user.click(screen.getByRole('button', { name: 'Remover parâmetro 1' }));
    expect(namesAndPositions(onChange.mock.lastCall?.[0].params)).toEqual([['uf', 0]]);
  });

  it('shows params in position order and renumbers a list saved with gaps', async () => {
    const { user, value } = setup({ params: [param('b', 7), param('a', 3)] });
    expect(within(paramGroup(1)).getByRole('textbox', { name: /^Nome/ })).toHaveValue('a');
    await user.click(within(paramGroup(2)).getByRole('checkbox', { name: 'Obrigatório' }));
    expect(namesAndPositions(value().params)).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    expect(value().params[1]).toMatchObject({ name: 'b', is_required: true });
  });

  it('shows the options of a select and the columns of a table, and no default where none', async () => {
    const { user, value } = setup({ params: [param('formato', 0, { default_value: 'x' })] });
    expect(within(paramGroup(1)).getByRole('textbox', { name: 'Valor padrão' })).toHaveValue('x');
    expect(within(paramGroup(1)).queryByRole('group', { name: /Opções/ })).toBeNull();

    await pickType(user, 1, 'Lista de seleção');
    const options = within(paramGroup(1)).getByRole('group', { name: 'Opções do parâmetro 1' });
    await user.click(within(options).getByRole('button', { name: 'Adicionar opção' }));
    await user.type(within(options).getByRole('textbox', { name: 'Label da opção 1' }), 'Traço');
    await user.type(within(options).getByRole('textbox', { name: 'Valor da opção 1' }), 'traco');
    await user.click(within(options).getByRole('button', { name: 'Adicionar opção' }));
    await user.click(within(options).getByRole('button', { name: 'Remover a opção 2' }));
    expect(value().params[0]).toMatchObject({
      type: 'select',
      default_value: 'x',
      options: [{ label: 'Traço', value: 'traco' }],
    });

    await pickType(user, 1, 'Tabela de parâmetros');
    expect(within(paramGroup(1)).queryByRole('group', { name: /Opções/ })).toBeNull();
    expect(within(paramGroup(1)).queryByRole('textbox', { name: 'Valor padrão' })).toBeNull();
    const columns = within(paramGroup(1)).getByRole('group', { name: 'Colunas do parâmetro 1' });
    await user.click(within(columns).getByRole('button', { name: 'Adicionar coluna' }));
    await user.type(within(columns).getByRole('textbox', { name: 'Chave da coluna 1' }), 'nome');
    await user.type(within(columns).getByRole('textbox', { name: 'Label da coluna 1' }), 'Nome');
    expect(value().params[0]).toMatchObject({
      type: 'table-params',
      default_value: '',
      columns: [{ key: 'nome', label: 'Nome', type: 'text' }],
    });

    await pickType(user, 1, 'Conta de serviço');
    expect(within(paramGroup(1)).queryByRole('group', { name: /Colunas/ })).toBeNull();
    expect(within(paramGroup(1)).queryByRole('textbox', { name: 'Valor padrão' })).toBeNull();
    expect(value().params[0]?.type).toBe('service_account');
  });

  it('shows each save issue beside the param it names, and the code issue under the editor', async () => {
    const issuesOf = (value: CustomNodeFunctionsValue) =>
      customNodeSaveIssues({ name: 'x', description: 'y', ...value });
    const params = [
      param('cep', 0),
      param('cep', 1, { label: '' }),
      param('formato', 2, { type: 'select' }),
    ];
    const { user } = setup({ params, code_execution_content: ' ' }, issuesOf);
    expect(screen.getByRole('alert')).toHaveTextContent('O código do conector é obrigatório.');
    const second = paramGroup(2);
    expect(within(second).getByRole('textbox', { name: /^Nome/ })).toHaveAccessibleDescription(
      /O nome do parâmetro 2 já foi utilizado em outro parâmetro\./,
    );
    expect(within(second).getByText('O label do parâmetro 2 é obrigatório.')).toBeInTheDocument();
    expect(
      within(paramGroup(3)).getByText(
        'É necessário adicionar pelo menos uma opção para o parâmetro 3.',
      ),
    ).toBeInTheDocument();
    expect(within(paramGroup(1)).queryByText(/do parâmetro 1/)).toBeNull();

    await type(user, within(second).getByRole('textbox', { name: /^Nome/ }), 'uf');
    expect(within(paramGroup(2)).queryByText(/já foi utilizado/)).toBeNull();
  });

  it("gives Monaco the connector's typings while open, and takes them away after", async () => {
    const { user, unmount } = setup({ params: [param('cep', 0)] });
    await waitFor(() => expect(typings.added.at(-1)).toContain('cep?: any;'));
    await user.click(screen.getByRole('button', { name: 'Adicionar parâmetro' }));
    await type(user, within(paramGroup(2)).getByRole('textbox', { name: /^Nome/ }), 'uf');
    await waitFor(() => expect(typings.added.at(-1)).toContain('uf?: any;'));
    const open = typings.added.filter((text) => !typings.removed.includes(text));
    expect(open).toHaveLength(1);
    unmount();
    expect(typings.removed).toEqual(typings.added);
  });

  it("shows and edits a param's description and accepted accounts, and keeps its show_when", async () => {
    const operation = param('operacao', 0, {
      type: 'select',
      options: [{ label: 'Listar', value: 'listar' }],
    });
    const limit = param('limite', 1, {
      type: 'number',
      description: 'Quantos itens.',
      show_when: { operacao: ['listar'] },
    });
    const account = param('conta', 2, { type: 'service_account', accepts: ['bearer_token'] });
    const { user, value } = setup({ params: [operation, limit, account] });
    expect(
      within(paramGroup(2)).getByText(/Mostrado no painel só quando operacao for listar/),
    ).toBeInTheDocument();
    const description = within(paramGroup(2)).getByRole('textbox', { name: /^Descrição/ });
    expect(description).toHaveValue('Quantos itens.');
    await type(user, within(paramGroup(2)).getByRole('textbox', { name: /^Label/ }), 'Máximo');
    await type(user, description, 'Até 100.');
    expect(value().params[1]).toMatchObject({
      label: 'Máximo',
      description: 'Até 100.',
      show_when: { operacao: ['listar'] },
    });
    expect(within(paramGroup(3)).getAllByText('Bearer token').length).toBeGreaterThan(0);
    await user.click(within(paramGroup(3)).getByRole('checkbox', { name: 'Obrigatório' }));
    expect(value().params[2]).toMatchObject({ accepts: ['bearer_token'], is_required: true });
  });
});
