import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FlowTemplate, FlowTemplateListItem } from '@ponte/shared/flow-templates.schema';
import { apiError, mockFetch, type MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { TemplateGalleryModal } from './template-gallery-modal';

const image = (n: number) => `data:image/svg+xml;base64,${btoa(`<svg id="${n}"/>`)}`;

function item(id: string, name: string, tags: string[], n = 1): FlowTemplateListItem {
  return {
    _id: id,
    name,
    description: `Descrição de ${name}.`,
    tags,
    imageData: image(n),
    variables: [],
  };
}

const cep = item('consulta-de-cep', 'Consulta de CEP (ViaCEP)', ['http', 'dados'], 1);
const alert = item(
  'alerta-de-erro-por-email',
  'Alerta de erro por e-mail',
  ['alertas', 'e-mail'],
  2,
);
const webhook = item('webhook-valida-e-responde', 'Webhook que valida e responde', ['webhook'], 3);
const tags = [
  { tag: 'alertas', count: 1 },
  { tag: 'dados', count: 1 },
  { tag: 'e-mail', count: 1 },
  { tag: 'http', count: 1 },
  { tag: 'webhook', count: 1 },
];

const fullCep: FlowTemplate = {
  ...cep,
  variables: [{ key: 'CEP_PADRAO', value: '01001000' }],
  data: {
    version: 1,
    nodes: [
      {
        uid: 'inicio',
        type: 'core_manual_trigger',
        typeVersion: 1,
        position: { x: 0, y: 0 },
        params: {},
      },
    ],
    edges: [],
  },
};

function mockGallery(extra: MockRoute[] = []) {
  return mockFetch([
    ...extra,
    { method: 'GET', path: '/account/v1/flow-templates/tags', reply: { body: tags } },
    {
      method: 'GET',
      path: '/account/v1/flow-templates',
      reply: ({ url }) => {
        const tag = url.searchParams.get('tag');
        const query = url.searchParams.get('query');
        const all = [alert, cep, webhook];
        return {
          body: all.filter(
            (t) =>
              (!tag || t.tags.includes(tag)) &&
              (!query || t.name.toLowerCase().includes(query.toLowerCase())),
          ),
        };
      },
    },
    {
      method: 'GET',
      path: '/account/v1/flow-template/consulta-de-cep',
      reply: { body: fullCep },
    },
  ]);
}

function renderGallery(onImport = vi.fn(), onClose = vi.fn()) {
  const view = renderWithProviders(
    <TemplateGalleryModal opened onClose={onClose} onImport={onImport} />,
  );
  return { ...view, onImport, onClose };
}

describe('TemplateGalleryModal', () => {
  it('shows the tags with counts plus Todos, and a card per template', async () => {
    const api = mockGallery();
    renderGallery();

    const dialog = screen.getByRole('dialog', { name: 'Galeria de templates de Flows' });
    const filter = await within(dialog).findByRole('radiogroup', { name: 'Filtrar por tag' });
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual(['Todos', 'alertas (1)', 'dados (1)', 'e-mail (1)', 'http (1)', 'webhook (1)']);
    expect(within(filter).getByRole('radio', { name: 'Todos' })).toBeChecked();

    const card = await screen.findByRole('article', { name: 'Consulta de CEP (ViaCEP)' });
    expect(within(card).getByRole('heading', { name: 'Consulta de CEP (ViaCEP)' })).toBeVisible();
    expect(within(card).getByText('Descrição de Consulta de CEP (ViaCEP).')).toBeVisible();
    expect(within(card).getByText('http')).toBeVisible();
    expect(within(card).getByText('dados')).toBeVisible();
    expect(
      within(card).getByRole('img', { name: 'Ilustração do flow Consulta de CEP (ViaCEP)' }),
    ).toHaveAttribute('src', image(1));
    expect(within(card).getByRole('button', { name: 'Importar para o editor' })).toBeEnabled();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    expect(api.callsTo('GET', '/account/v1/flow-templates')[0]?.url.search).toBe(
      '?page=1&limit=100',
    );
    // Fewer than 100 came back: there is no other page.
    expect(screen.queryByRole('button', { name: 'Próxima página' })).not.toBeInTheDocument();
  });

  it('refetches with tag= when a tag is chosen, and shows every template again on Todos', async () => {
    const api = mockGallery();
    const { user } = renderGallery();
    await screen.findByRole('article', { name: 'Consulta de CEP (ViaCEP)' });

    await user.click(screen.getByRole('radio', { name: 'alertas (1)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Alerta de erro por e-mail' })).toBeVisible();
    expect(api.callsTo('GET', '/account/v1/flow-templates').at(-1)?.url.search).toBe(
      '?page=1&limit=100&tag=alertas',
    );
    expect(screen.getByRole('radio', { name: 'alertas (1)' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getByRole('radio', { name: 'Todos' })).toBeChecked();
  });

  it('searches by text', async () => {
    const api = mockGallery();
    const { user } = renderGallery();
    await screen.findByRole('article', { name: 'Consulta de CEP (ViaCEP)' });

    await user.type(screen.getByRole('textbox', { name: 'Buscar templates' }), 'webhook');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Webhook que valida e responde' })).toBeVisible();
    expect(api.callsTo('GET', '/account/v1/flow-templates').at(-1)?.url.search).toBe(
      '?page=1&limit=100&query=webhook',
    );
  });

  it('fetches the whole template on Importar para o editor and hands it over', async () => {
    // A node served without typeVersion (an older server) reaches the editor as version 1.
    const { typeVersion: _v, ...unversioned } = fullCep.data.nodes[0]!;
    const api = mockGallery([
      {
        method: 'GET',
        path: '/account/v1/flow-template/consulta-de-cep',
        reply: { body: { ...fullCep, data: { ...fullCep.data, nodes: [unversioned] } } },
      },
    ]);
    const { user, onImport } = renderGallery();
    const card = await screen.findByRole('article', { name: 'Consulta de CEP (ViaCEP)' });

    await user.click(within(card).getByRole('button', { name: 'Importar para o editor' }));
    await waitFor(() => expect(onImport).toHaveBeenCalledTimes(1));
    expect(onImport).toHaveBeenCalledWith(fullCep);
    expect(api.callsTo('GET', '/account/v1/flow-template/consulta-de-cep')).toHaveLength(1);
  });

  it('says why an import failed, with the server message', async () => {
    mockGallery([
      {
        method: 'GET',
        path: '/account/v1/flow-template/consulta-de-cep',
        reply: apiError(404, 'Template não encontrado.', 'not_found'),
      },
    ]);
    const { user, onImport } = renderGallery();
    const card = await screen.findByRole('article', { name: 'Consulta de CEP (ViaCEP)' });
    await user.click(within(card).getByRole('button', { name: 'Importar para o editor' }));
    expect(
      await screen.findByText('Ocorreu um erro ao importar o fluxo: Template não encontrado.'),
    ).toBeInTheDocument();
    expect(onImport).not.toHaveBeenCalled();
  });

  it('shows the API message when the list cannot be loaded', async () => {
    mockFetch([
      { method: 'GET', path: '/account/v1/flow-templates/tags', reply: { body: tags } },
      {
        method: 'GET',
        path: '/account/v1/flow-templates',
        reply: apiError(500, 'Ocorreu um erro interno. Tente novamente mais tarde.'),
      },
    ]);
    renderGallery();
    expect(
      await screen.findByText('Ocorreu um erro interno. Tente novamente mais tarde.'),
    ).toBeInTheDocument();
  });

  it('offers the next page only when a full page of 100 came back', async () => {
    const page = (n: number) =>
      Array.from({ length: n }, (_, i) => item(`t-${i}`, `Template ${i}`, ['dados'], i));
    const api = mockFetch([
      { method: 'GET', path: '/account/v1/flow-templates/tags', reply: { body: tags } },
      {
        method: 'GET',
        path: '/account/v1/flow-templates',
        reply: ({ url }) => ({ body: url.searchParams.get('page') === '1' ? page(100) : page(3) }),
      },
    ]);
    const { user } = renderGallery();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(100));
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(api.callsTo('GET', '/account/v1/flow-templates').at(-1)?.url.search).toBe(
      '?page=2&limit=100',
    );
    expect(screen.getByText('Página 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeEnabled();
  });

  it('renders nothing and asks nothing when closed', () => {
    const api = mockGallery();
    renderWithProviders(
      <TemplateGalleryModal opened={false} onClose={vi.fn()} onImport={vi.fn()} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
