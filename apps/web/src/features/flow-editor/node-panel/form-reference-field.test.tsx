import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { realManifest } from '../../../test/engine-library';
import { NodePanel } from './node-panel';

vi.mock('../code-editor/monaco-editor', () => import('../code-editor/monaco-editor.mock'));

const m = messages.forms.picker;

interface Item {
  _id: string;
  name: string;
  status: 'draft' | 'published';
  flow_id: { _id: string; name: string } | null;
}

const forms: Item[] = [
  { _id: 'fm1', name: 'Cadastro de clientes', status: 'published', flow_id: null },
  { _id: 'fm2', name: 'Pesquisa interna', status: 'draft', flow_id: null },
  {
    _id: 'fm3',
    name: 'Pedidos',
    status: 'published',
    flow_id: { _id: 'f-outro', name: 'Cobrança' },
  },
];

function setup({
  params = {},
  items = forms,
  flowId = 'f-editado',
}: { params?: Record<string, unknown>; items?: Item[]; flowId?: string | null } = {}) {
  const api = mockFetch([
    { method: 'GET', path: '/api/v1/forms', reply: { body: { items, total: items.length } } },
  ]);
  const onChange = vi.fn<(next: FlowNode) => void>();
  const node: FlowNode = {
    uid: 'n1',
    type: 'core_form_trigger',
    typeVersion: 1,
    position: { x: 0, y: 0 },
    params,
  };
  const view = renderWithProviders(
    <NodePanel
      node={node}
      manifest={realManifest('core_form_trigger')}
      issues={[]}
      onChange={onChange}
      onClose={() => {}}
      flowId={flowId}
    />,
  );
  return { ...view, api, last: () => onChange.mock.lastCall?.[0] };
}

const picker = () => screen.getByRole('combobox', { name: 'Formulário' });

describe('form picker', () => {
  it("lists the workspace's forms by name, drafts with a badge, and stores the _id", async () => {
    const { user, api, last } = setup();
    await user.click(picker());
    const draft = await screen.findByRole('option', { name: /Pesquisa interna/ });
    expect(within(draft).getByText(m.draftBadge)).toBeVisible();
    const published = screen.getByRole('option', { name: /Cadastro de clientes/ });
    expect(within(published).queryByText(m.draftBadge)).not.toBeInTheDocument();
    await user.click(published);
    expect(last()?.params.form).toBe('fm1');
    const call = api.callsTo('GET', '/api/v1/forms')[0];
    expect(call!.url.searchParams.get('limit')).toBe('1000');
  });

  it("links to the chosen form's editor and notes that a draft receives nothing", async () => {
    const { unmount } = setup({ params: { form: 'fm2' } });
    await waitFor(() => expect(picker()).toHaveValue('Pesquisa interna'));
    expect(screen.getByText(m.draftNote)).toBeVisible();
    expect(screen.getByRole('link', { name: m.openEditor })).toHaveAttribute(
      'href',
      '/forms/edit/fm2',
    );
    unmount();
    setup({ params: { form: 'fm1' } });
    await waitFor(() => expect(picker()).toHaveValue('Cadastro de clientes'));
    expect(screen.queryByText(m.draftNote)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.openEditor })).toHaveAttribute(
      'href',
      '/forms/edit/fm1',
    );
  });

  it('shows a form removed since as missing', async () => {
    setup({ params: { form: 'fm_gone' } });
    await waitFor(() => expect(picker()).toHaveValue(m.missing('fm_gone')));
    expect(screen.getByText(m.missingError)).toBeVisible();
    expect(screen.queryByRole('link', { name: m.openEditor })).not.toBeInTheDocument();
  });

  it('links to the new form page when the workspace has none', async () => {
    setup({ items: [] });
    const link = await screen.findByRole('link', { name: m.create });
    expect(link).toHaveAttribute('href', '/forms/new');
    expect(screen.getByText(m.empty, { exact: false })).toBeVisible();
  });
});

describe('form trigger consumer warning', () => {
  it('warns when another flow already receives the chosen form, also before the first save', async () => {
    const { unmount } = setup({ params: { form: 'fm3' } });
    expect(await screen.findByText(messages.forms.otherConsumer('Cobrança'))).toBeVisible();
    unmount();
    setup({ params: { form: 'fm3' }, flowId: null });
    expect(await screen.findByText(messages.forms.otherConsumer('Cobrança'))).toBeVisible();
  });

  it('says nothing when the consumer is the flow being edited, or there is none', async () => {
    const { unmount } = setup({ params: { form: 'fm3' }, flowId: 'f-outro' });
    await waitFor(() => expect(picker()).toHaveValue('Pedidos'));
    expect(screen.queryByText(/já inicia o flow/)).not.toBeInTheDocument();
    unmount();
    setup({ params: { form: 'fm1' } });
    await waitFor(() => expect(picker()).toHaveValue('Cadastro de clientes'));
    expect(screen.queryByText(/já inicia o flow/)).not.toBeInTheDocument();
  });
});
