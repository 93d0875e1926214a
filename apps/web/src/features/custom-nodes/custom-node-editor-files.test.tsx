import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { defaultHandlerCode } from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeBody } from '@ponte/shared/custom-nodes.schema';
import { catchDownloads } from '../../test/catch-downloads';
import { renderApp } from '../../test/render';
import { cepHandler, consultaCep, setup, tinyPng } from './test-fixtures';

vi.mock('./custom-node-functions-tab', async () => ({
  CustomNodeFunctionsTab: (await import('./test-fixtures')).FakeFunctionsTab,
}));

const nameInput = () => screen.getByRole('textbox', { name: /^Nome(?! do)/ });
const fileInput = (accept: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[type="file"][accept^="${accept}"]`);
  if (!input) throw new Error(`no file input accepting ${accept}`);
  return input;
};
const png = (bytes: number) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });
const connectorFile = (content: unknown) =>
  new File([JSON.stringify(content)], 'consulta-cep.connector.json', { type: 'application/json' });

const imported = {
  name: 'Consulta CEP',
  service_name: 'ViaCEP',
  description: 'Formata um CEP.',
  enabled: true,
  imageData: tinyPng,
  execution_type: 'custom_code',
  code_execution_content: cepHandler,
  params: [{ name: 'cep', label: 'CEP', type: 'text', position: 0 }],
  _id: 'de-outro-lugar',
  group: 'g-de-outro-workspace',
  version: 7,
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('the connector image', () => {
  it('takes a picture up to 100 000 characters, refuses a larger one, and removes it', async () => {
    setup();
    const { user } = renderApp('/custom-nodes/new');
    await screen.findByRole('heading', { name: 'Novo conector' });
    const preview = screen.getByLabelText('Pré-visualização da imagem');
    expect(preview.querySelector('img')).toBeNull();

    await user.upload(fileInput('image'), png(70_000));
    await waitFor(() => expect(preview.querySelector('img')).not.toBeNull());
    const taken = preview.querySelector('img')?.getAttribute('src') ?? '';
    expect(taken).toMatch(/^data:image\/png;base64,/);
    expect(taken.length).toBeLessThanOrEqual(100_000);

    await user.upload(fileInput('image'), png(80_000));
    expect(await screen.findByText('A imagem não pode ser maior que 100Kb')).toBeInTheDocument();
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(taken);

    await user.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(preview.querySelector('img')).toBeNull();
    expect(screen.queryByText('A imagem não pode ser maior que 100Kb')).not.toBeInTheDocument();
  });
});

describe('import and export in the editor', () => {
  it('imports into an empty new connector without asking, drops what the file should not carry, and saves only on Salvar', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      {
        method: 'POST',
        path: '/api/v1/custom-nodes',
        reply: { status: 201, body: { ...consultaCep, _id: 'cn8' } },
      },
    ]);
    const { user } = renderApp('/custom-nodes/new');
    await screen.findByRole('heading', { name: 'Novo conector' });
    await user.upload(fileInput('.json'), connectorFile(imported));
    await waitFor(() => expect(nameInput()).toHaveValue('Consulta CEP'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/custom-nodes')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Conector salvo com sucesso!')).toBeInTheDocument();
    const body = api.callsTo('POST', '/api/v1/custom-nodes')[0]?.body as CustomNodeBody;
    expect(body).toMatchObject({
      name: 'Consulta CEP',
      description: 'Formata um CEP.',
      code_execution_content: cepHandler,
      imageData: tinyPng,
      group: 'g1',
    });
    expect(body.params).toEqual([
      {
        name: 'cep',
        label: 'CEP',
        type: 'text',
        default_value: '',
        is_required: false,
        options: [],
        columns: [],
        position: 0,
      },
    ]);
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('version');
  });

  it('asks before replacing a connector the editor holds; cancelling keeps it', async () => {
    setup();
    const { user } = renderApp('/custom-nodes/cn1');
    await screen.findByRole('heading', { name: 'Consulta CEP' });
    await user.upload(
      fileInput('.json'),
      connectorFile({ ...imported, name: 'Outro Conector', description: 'Outro.' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Importar conector' });
    expect(dialog).toHaveTextContent(
      'Ao importar você substituirá o conector atual. Deseja continuar?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(nameInput()).toHaveValue('Consulta CEP');

    await user.upload(
      fileInput('.json'),
      connectorFile({ ...imported, name: 'Outro Conector', description: 'Outro.' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Importar conector' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(nameInput()).toHaveValue('Outro Conector'));
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Outro.');
  });

  it('asks on a new connector once something was typed', async () => {
    setup();
    const { user } = renderApp('/custom-nodes/new');
    await screen.findByRole('heading', { name: 'Novo conector' });
    await user.type(screen.getByLabelText(/Descrição/), 'Rascunho');
    await user.upload(fileInput('.json'), connectorFile(imported));
    expect(await screen.findByRole('dialog', { name: 'Importar conector' })).toBeInTheDocument();
  });

  it('refuses a file that is not a connector and changes nothing', async () => {
    setup();
    const { user } = renderApp('/custom-nodes/new');
    await screen.findByRole('heading', { name: 'Novo conector' });
    await user.type(nameInput(), 'Meu conector');
    for (const content of ['{ nada', JSON.stringify({ fields: [] }), JSON.stringify([1])]) {
      await user.upload(
        fileInput('.json'),
        new File([content], 'x.json', { type: 'application/json' }),
      );
      expect(await screen.findByText('O arquivo não é um conector válido.')).toBeInTheDocument();
    }
    await user.upload(
      fileInput('.json'),
      connectorFile({ ...imported, params: [{ name: 'x', type: 'nao-existe' }] }),
    );
    await waitFor(() =>
      expect(screen.getAllByText('O arquivo não é um conector válido.').length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nameInput()).toHaveValue('Meu conector');
  });

  it('exports what the editor holds as {slug}.connector.json', async () => {
    const downloads = catchDownloads();
    setup();
    const { user } = renderApp('/custom-nodes/new');
    await screen.findByRole('heading', { name: 'Novo conector' });
    await user.type(nameInput(), 'Nota Fiscal Eletrônica');
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(downloads.names).toEqual(['nota-fiscal-eletronica.connector.json']);
    const file = JSON.parse(await readBlob(downloads.blobs[0]!)) as Record<string, unknown>;
    expect(file).toEqual({
      name: 'Nota Fiscal Eletrônica',
      service_name: '',
      description: '',
      enabled: true,
      imageData: '',
      execution_type: 'custom_code',
      code_execution_content: defaultHandlerCode,
      params: [],
    });
  });
});
