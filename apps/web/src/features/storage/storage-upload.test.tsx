import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { file, folder, setup } from './test-fixtures';

const list = {
  method: 'GET',
  path: '/api/v1/storage',
  reply: { body: [folder('/relatorios/2026'), file('/relatorios/nov.pdf', 10)] },
};

const fileInput = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

async function openUpload(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('table', { name: 'Arquivos e pastas' });
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  return screen.findByRole('dialog', { name: 'Upload' });
}

const formOf = (call: RecordedCall | undefined) => call?.body as FormData;

describe('/storage uploads and folders', () => {
  it('asks to replace an existing file and sends it again with overwrite when confirmed', async () => {
    const api = setup([
      list,
      {
        method: 'POST',
        path: '/api/v1/storage/upload',
        reply: (call) =>
          call.url.searchParams.get('overwrite') === 'true'
            ? { status: 201, body: file('/relatorios/nov.pdf', 4) }
            : apiError(409, 'Já existe um arquivo ou pasta em "/relatorios/nov.pdf".', 'exists'),
      },
    ]);
    const { user } = renderApp('/storage?path=/relatorios');
    const dialog = await openUpload(user);
    await user.upload(
      fileInput(dialog),
      new File(['nova'], 'nov.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    const question = await screen.findByRole('dialog', { name: 'Arquivo já existe' });
    expect(question).toHaveTextContent('Já existe um arquivo ou pasta em "/relatorios/nov.pdf".');
    expect(question).toHaveTextContent('Substituir o arquivo existente?');
    const first = api.callsTo('POST', '/api/v1/storage/upload')[0];
    expect(first?.url.search).toBe('');
    expect(formOf(first).get('pathFile')).toBe('/relatorios/');
    expect((formOf(first).get('file') as File).name).toBe('nov.pdf');

    await user.click(within(question).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Arquivo enviado com sucesso')).toBeInTheDocument();
    const second = api.callsTo('POST', '/api/v1/storage/upload')[1];
    expect(second?.url.search).toBe('?overwrite=true');
    expect(formOf(second).get('pathFile')).toBe('/relatorios/');
  });

  it('keeps the existing file when the replacement is refused', async () => {
    const api = setup([
      list,
      {
        method: 'POST',
        path: '/api/v1/storage/upload',
        reply: apiError(409, 'Já existe um arquivo ou pasta em "/relatorios/x.txt".', 'exists'),
      },
    ]);
    const { user } = renderApp('/storage?path=/relatorios');
    const dialog = await openUpload(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Nome ou caminho/ }), 'x.txt');
    await user.upload(fileInput(dialog), new File(['a'], 'a.txt'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const question = await screen.findByRole('dialog', { name: 'Arquivo já existe' });
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = api.callsTo('POST', '/api/v1/storage/upload');
    expect(calls).toHaveLength(1);
    expect(formOf(calls[0]).get('pathFile')).toBe('/relatorios/x.txt');
    expect(screen.queryByText('Arquivo enviado com sucesso')).toBeNull();
  });

  it('shows the server message of a refused upload, else the spec default', async () => {
    let answer = apiError(413, 'O arquivo passa do limite de 1 MB por arquivo.');
    setup([list, { method: 'POST', path: '/api/v1/storage/upload', reply: () => answer }]);
    const { user } = renderApp('/storage?path=/relatorios');
    let dialog = await openUpload(user);
    await user.upload(fileInput(dialog), new File(['a'], 'a.txt'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('O arquivo passa do limite de 1 MB por arquivo.'),
    ).toBeInTheDocument();

    answer = { status: 502 };
    dialog = await openUpload(user);
    await user.upload(fileInput(dialog), new File(['a'], 'a.txt'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Erro ao enviar arquivo')).toBeInTheDocument();
  });

  it('asks for a file before sending and refuses a path that leaves the folder', async () => {
    const api = setup([list]);
    const { user } = renderApp('/storage?path=/relatorios');
    const dialog = await openUpload(user);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Escolha um arquivo para enviar.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Nome ou caminho/ }), '../x');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(dialog).findByText('O caminho não pode ter os nomes "." nem "..".'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/storage/upload')).toHaveLength(0);
  });

  it('creates a folder at the path typed, relative to the current folder', async () => {
    let answer = apiError(409, 'Já existe um arquivo ou pasta em "/relatorios/2026".', 'exists');
    const api = setup([
      list,
      { method: 'POST', path: '/api/v1/storage/folder', reply: () => answer },
    ]);
    const { user } = renderApp('/storage?path=/relatorios');
    await screen.findByRole('table', { name: 'Arquivos e pastas' });
    await user.click(screen.getByRole('button', { name: 'Criar pasta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar pasta' });
    const name = within(dialog).getByRole('textbox', { name: /Nome ou caminho/ });
    await user.type(name, '2026');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findByText('Já existe um arquivo ou pasta em "/relatorios/2026".'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Criar pasta' })).toBeInTheDocument();

    answer = { status: 201, body: folder('/relatorios/2027/jan') };
    await user.clear(name);
    await user.type(name, '2027/jan/');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Pasta criada com sucesso')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/storage/folder')[1]?.body).toEqual({
      pathFile: '/relatorios/2027/jan',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('/storage drop to upload', () => {
  it('sends each file dropped on the page into the current folder, one toast per file', async () => {
    const api = setup([
      list,
      {
        method: 'POST',
        path: '/api/v1/storage/upload',
        reply: (call) =>
          (formOf(call).get('file') as File).name === 'b.txt'
            ? apiError(413, 'O arquivo passa do limite de 1 MB por arquivo.')
            : { status: 201, body: file('/relatorios/a.txt', 1) },
      },
    ]);
    renderApp('/storage?path=/relatorios');
    await screen.findByRole('table', { name: 'Arquivos e pastas' });
    const files = [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')];
    const dataTransfer = {
      files,
      items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
      types: ['Files'],
    };
    fireEvent.dragEnter(document, { dataTransfer });
    expect(
      await screen.findByText('Solte os arquivos para enviar para /relatorios'),
    ).toBeInTheDocument();
    const zone = screen.getByLabelText('Soltar arquivos');
    fireEvent.drop(zone, { dataTransfer });

    expect(await screen.findByText('Arquivo enviado com sucesso')).toBeInTheDocument();
    expect(
      await screen.findByText('O arquivo passa do limite de 1 MB por arquivo.'),
    ).toBeInTheDocument();
    const calls = api.callsTo('POST', '/api/v1/storage/upload');
    expect(calls.map((call) => formOf(call).get('pathFile'))).toEqual([
      '/relatorios/',
      '/relatorios/',
    ]);
  });
});
