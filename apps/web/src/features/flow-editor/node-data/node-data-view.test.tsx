import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { NodeRun } from '@ponte/shared/execution-data.schema';
import type { PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import { catchDownloads } from '../../../test/catch-downloads';
import { renderWithProviders } from '../../../test/render';
import { realManifest } from '../../../test/engine-library';
import { storeTestSession } from '../../../test/session-fixtures';
import type { NodePanelData } from '../run-data/run-data-types';
import { dataPathDragType } from '../run-data/run-data-types';
import { NodeDataView, type NodeDataViewProps } from './node-data-view';

const run = (over: Partial<NodeRun> = {}): NodeRun => ({
  input: { payload: { pedido: 1 } },
  outputs: [],
  duration_ms: 12,
  ...over,
});

const dataOf = (runs: NodeRun[], over: Partial<NodePanelData> = {}): NodePanelData => ({
  summary: undefined,
  runs,
  loading: false,
  ...over,
});

function show(props: Partial<NodeDataViewProps> & Pick<NodeDataViewProps, 'data'>) {
  return renderWithProviders(<NodeDataView side="output" manifest={undefined} {...props} />);
}

/** A drag's dataTransfer that records what was put on it. */
function dragOf(element: Element) {
  const data: Record<string, string> = {};
  fireEvent.dragStart(element, {
    dataTransfer: { setData: (type: string, value: string) => (data[type] = value) },
  });
  return data;
}

const condition = realManifest('core_condition');

describe('NodeDataView', () => {
  it('shows what reached a node that did not run as its expected input, and no output', () => {
    const expected = dataOf([run({ input: { payload: { pedido: 7 } } })], { expected: true });
    const input = show({ side: 'input', data: expected });
    expect(screen.getByText(/Entrada esperada/)).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    input.unmount();
    show({ side: 'output', data: expected });
    expect(screen.getByText(/ainda não foi executado/)).toBeInTheDocument();
    expect(screen.queryByText('0 itens')).not.toBeInTheDocument();
  });

  it('shows the messages as a table: count, duration, a column per key, nested keys one level down', () => {
    const outputs = [
      { output: 'default', msg: { payload: { nome: 'Ana', endereco: { cep: '01001-000' } } } },
      { output: 'default', msg: { payload: { nome: 'Bia', idade: 31 } } },
      { output: 'default', msg: { payload: { nome: 'Caio' }, topic: 'x' } },
    ];
    show({ data: dataOf([run({ outputs, duration_ms: 1234 })]) });
    expect(screen.getByText('3 itens')).toBeInTheDocument();
    expect(screen.getByText('1,2 s')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Itens em tabela' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'payload.nome', 'payload.endereco', 'payload.idade', 'topic']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('{"cep":"01001-000"}');
    expect(rows[1]!.textContent).toContain('31');
  });

  it('offers the rows of a payload that is a list of objects', async () => {
    const payload = [
      { id: 1, nome: 'Ana' },
      { id: 2, nome: 'Bia' },
    ];
    const { user } = show({
      data: dataOf([run({ outputs: [{ output: 'default', msg: { payload } }] })]),
    });
    await user.click(screen.getByRole('radio', { name: 'Linhas de payload' }));
    const table = screen.getByRole('table', { name: 'Itens em tabela' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(dragOf(within(table).getByRole('button', { name: 'nome 2' }))).toEqual({
      'text/plain': '{{ msg.payload[1].nome }}',
      [dataPathDragType]: 'msg.payload[1].nome',
    });
    expect(dragOf(within(table).getByRole('button', { name: 'nome' }))['text/plain']).toBe(
      '{{ msg.payload.nome }}',
    );
  });

  it('puts only one page of 50 000 items in the page, and moves through pages', async () => {
    const outputs = Array.from({ length: 50_000 }, (_, index) => ({
      output: 'default',
      msg: { payload: { n: index, texto: `linha ${index}` } },
    }));
    const { user } = show({ data: dataOf([run({ outputs })]) });
    expect(screen.getByText('50.000 itens')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Itens em tabela' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('1–50 de 50.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByText('linha 50')).toBeInTheDocument();
    expect(within(table).queryByText('linha 0')).toBeNull();
    // The arrows are named, so a screen reader (and a person's journey) can find them.
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByText('101–150 de 50.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(screen.getByText('51–100 de 50.000')).toBeInTheDocument();
  });

  it('caps the columns at 30 and says how many more there are', () => {
    const msg = Object.fromEntries(Array.from({ length: 42 }, (_, index) => [`c${index}`, index]));
    show({ data: dataOf([run({ outputs: [{ output: 'default', msg }] })]) });
    const table = screen.getByRole('table', { name: 'Itens em tabela' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(31);
    expect(screen.getByText(/e mais 12 colunas/)).toBeInTheDocument();
  });

  it('shows the JSON tree collapsed below the first level, with draggable keys', async () => {
    const msg = { payload: { cliente: { nome: 'Ana' } }, headers: { 'content-type': 'json' } };
    const { user } = show({ data: dataOf([run({ outputs: [{ output: 'default', msg }] })]) });
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    const tree = screen.getByRole('tree');
    expect(tree.textContent).toContain('payload: {1}');
    expect(tree.textContent).not.toContain('Ana');
    await user.click(screen.getByRole('button', { name: 'Expandir headers' }));
    expect(dragOf(screen.getByRole('button', { name: 'content-type' }))).toEqual({
      'text/plain': '{{ msg.headers.`content-type` }}',
      [dataPathDragType]: 'msg.headers.`content-type`',
    });
  });

  it('shows the schema merged over the items, with kinds and how many items have each field', async () => {
    const outputs = [
      { output: 'default', msg: { payload: { id: 1, tags: ['a'] } } },
      { output: 'default', msg: { payload: { id: '2', extra: null } } },
    ];
    const { user } = show({ data: dataOf([run({ outputs })]) });
    await user.click(screen.getByRole('radio', { name: 'Esquema' }));
    const schema = screen.getByRole('table', { name: 'Esquema dos itens' });
    const row = (name: string) =>
      within(schema)
        .getAllByRole('row')
        .find((candidate) => within(candidate).queryByRole('button', { name }))!;
    expect(row('id').textContent).toContain('número');
    expect(row('id').textContent).toContain('texto');
    expect(row('id').textContent).toContain('2 de 2');
    expect(row('tags').textContent).toContain('lista');
    expect(row('extra').textContent).toContain('nulo1 de 2');
    expect(dragOf(within(row('id')).getByRole('button', { name: 'id' }))['text/plain']).toBe(
      '{{ msg.payload.id }}',
    );
    await user.click(within(row('id')).getByRole('button', { name: 'id' }));
    expect(screen.getByRole('button', { name: 'Copiar caminho' })).toBeInTheDocument();
    expect(screen.getByText('msg.payload.id')).toBeInTheDocument();
  });

  it('labels the outputs from the manifest and filters the items by output', async () => {
    const outputs = [
      { output: 'true', msg: { payload: 'a' } },
      { output: 'false', msg: { payload: 'b' } },
      { output: 'true', msg: { payload: 'c' } },
    ];
    const { user } = show({ manifest: condition, data: dataOf([run({ outputs })]) });
    const table = screen.getByRole('table', { name: 'Itens em tabela' });
    expect(within(table).getAllByText('Verdadeiro')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Falso (1)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('b')).toBeInTheDocument();
    expect(within(table).queryByText('a')).toBeNull();
  });

  it("shows an output that is not the default as a badge, and the node's error", () => {
    show({
      data: dataOf([
        run({
          outputs: [{ output: 'error', msg: { payload: 1 } }],
          error: { message: 'Tempo esgotado ao chamar a API.' },
        }),
      ]),
    });
    expect(screen.getByText('Erro: 1')).toBeInTheDocument();
    expect(screen.getByText('O conector falhou')).toBeInTheDocument();
    expect(screen.getByText('Tempo esgotado ao chamar a API.')).toBeInTheDocument();
  });

  it('picks among the runs of a node that ran several times', async () => {
    const runs = [1, 2, 3].map((n) => run({ input: { payload: { vez: `vez ${n}` } } }));
    const { user } = show({ side: 'input', data: dataOf(runs) });
    expect(screen.getByText('vez 3')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Execução do conector' }));
    await user.click(screen.getByRole('option', { name: 'Execução 1 de 3' }));
    expect(screen.getByText('vez 1')).toBeInTheDocument();
    expect(screen.queryByText('vez 3')).toBeNull();
  });

  it('names the attempt of each run of a node that tried again, with the error of a failed one', async () => {
    const failed = { message: 'A requisição HTTP falhou com status 503.' };
    const runs = [
      run({ attempt: 1, error: failed }),
      run({ attempt: 2, error: failed }),
      run({ attempt: 3, outputs: [{ output: 'default', msg: { payload: { ok: true } } }] }),
    ];
    const { user } = show({ data: dataOf(runs) });
    expect(screen.queryByText('O conector falhou')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Execução do conector' }));
    await user.click(screen.getByRole('option', { name: 'Execução 1 de 3 (tentativa 1)' }));
    expect(screen.getByText(failed.message)).toBeInTheDocument();

    show({ data: dataOf([run({ attempt: 2 })]) });
    expect(screen.getByText('Tentativa 2')).toBeInTheDocument();
  });

  it('says when the messages were over the cap, when nothing ran, and when data is unavailable', () => {
    const view = show({ data: dataOf([run({ truncated: { bytes: 12.3 * 1024 * 1024 } })]) });
    expect(
      screen.getByText(
        'Os dados desta execução passaram do limite guardado (12,3 MB) e não foram guardados.',
      ),
    ).toBeInTheDocument();
    view.unmount();
    const empty = show({ data: dataOf([]) });
    expect(
      screen.getByText('Este conector ainda não foi executado. Use "Executar até aqui".'),
    ).toBeInTheDocument();
    empty.unmount();
    show({ data: dataOf([], { unavailable: 'O flow guarda dados só de execuções com erro.' }) });
    expect(screen.getByText('O flow guarda dados só de execuções com erro.')).toBeInTheDocument();
  });

  it('shows a stored file with its name, type and size, and downloads it with the session', async () => {
    storeTestSession();
    const fetched: { url: URL; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      fetched.push({
        url: new URL(String(input), 'http://localhost'),
        headers: { ...(init?.headers as Record<string, string>) },
      });
      return new Response('conteúdo', {
        headers: { 'Content-Disposition': "attachment; filename*=UTF-8''nota.pdf" },
      });
    });
    const saved = catchDownloads();
    const file = {
      path: '/notas/nota.pdf',
      name: 'nota.pdf',
      size: 1258291,
      mimetype: 'application/pdf',
    };
    const { user } = show({
      data: dataOf([run({ outputs: [{ output: 'default', msg: { payload: file } }] })]),
    });
    expect(screen.getByText('nota.pdf', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('application/pdf · 1,2 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Baixar nota.pdf' }));
    expect(await screen.findByText('Arquivo baixado com sucesso')).toBeInTheDocument();
    expect(fetched[0]?.url.pathname).toBe('/api/v1/storage/download');
    expect(fetched[0]?.url.search).toBe('?path=%2Fnotas%2Fnota.pdf');
    expect(fetched[0]?.headers.Authorization).toMatch(/^Bearer .+/);
    expect(saved.names).toEqual(['nota.pdf']);
  });
});

describe('NodeDataView pins', () => {
  const outputs = [{ output: 'true', msg: { payload: { ok: true } } }];

  it("pins the shown run's outputs", async () => {
    const onPin = vi.fn<(items: PinnedItem[] | null) => void>();
    const { user } = show({ manifest: condition, data: dataOf([run({ outputs })]), onPin });
    await user.click(screen.getByRole('button', { name: 'Fixar saída' }));
    expect(onPin).toHaveBeenCalledWith(outputs);
  });

  it('shows the pins with the Fixado badge without a run, and removes them', async () => {
    const onPin = vi.fn<(items: PinnedItem[] | null) => void>();
    const { user } = show({ manifest: condition, data: dataOf([]), pins: outputs, onPin });
    expect(screen.getByText('Fixado')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fixar saída' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remover fixação' }));
    expect(onPin).toHaveBeenCalledWith(null);
  });

  it('pins pasted JSON, and pins nothing while the JSON is invalid', async () => {
    const onPin = vi.fn<(items: PinnedItem[] | null) => void>();
    const { user } = show({ manifest: condition, data: dataOf([]), onPin });
    await user.click(screen.getByRole('button', { name: 'Editar dados fixados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar dados fixados' });
    const text = within(dialog).getByRole('textbox', { name: 'Dados fixados (JSON)' });
    await user.click(text);
    await user.paste('{"payload": ');
    await user.click(within(dialog).getByRole('button', { name: 'Fixar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O texto não é um JSON válido');
    expect(onPin).not.toHaveBeenCalled();

    await user.clear(text);
    await user.paste('[{"payload": 1}, 2]');
    await user.click(within(dialog).getByRole('button', { name: 'Fixar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O item 2 não é um objeto');
    expect(onPin).not.toHaveBeenCalled();

    await user.clear(text);
    await user.paste('[{"payload": 1}, {"payload": 2}]');
    await user.click(within(dialog).getByRole('button', { name: 'Fixar' }));
    expect(onPin).toHaveBeenCalledWith([
      { output: 'true', msg: { payload: 1 } },
      { output: 'true', msg: { payload: 2 } },
    ]);
  });

  it('offers no pin actions in a past execution', () => {
    show({ data: dataOf([run({ outputs })]), onPin: vi.fn(), readOnly: true });
    expect(screen.queryByRole('button', { name: 'Fixar saída' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar dados fixados' })).toBeNull();
  });
});
