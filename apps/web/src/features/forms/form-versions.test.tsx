import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Form } from '@ponte/shared/forms.schema';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { versionConflict, versionRoutes, versionSummary } from '../../test/version-fixtures';
import { save } from './builder-test-helpers';
import { cadastro, setup } from './test-fixtures';

type Stored = Form & { version: number };

const documentOf = ({ name, group, status, fields, title, message }: Form) => ({
  name,
  group,
  status,
  fields,
  title,
  message,
});

const v5: Stored = { ...cadastro, version: 5 };
/** Version 3: another title, the CPF's old label, no group and one field less. */
const v3: Stored = {
  ...v5,
  version: 3,
  name: 'Cadastro antigo',
  group: null,
  title: 'Cadastro 2025',
  fields: [{ ...cadastro.fields[0]!, label: 'Documento' }],
};

const summaries = [
  versionSummary(5, { message: 'Ajusta o estado' }),
  versionSummary(4, { author: null, restored_from: 2 }),
  versionSummary(3),
  ...[2, 1].map((n) => versionSummary(n)),
];

/** The form page with its history; `reply` answers the form's GET (the stored form). */
function setupVersions(stored: { form: Stored }, extra: Parameters<typeof setup>[0] = []) {
  return setup([
    ...extra,
    { method: 'GET', path: '/api/v1/forms/fm1', reply: () => ({ body: stored.form }) },
    ...versionRoutes('/api/v1/forms/fm1', {
      current: 5,
      summaries,
      documents: {
        5: documentOf(v5),
        3: documentOf(v3),
        7: documentOf({ ...v5, title: 'Novo título' }),
      },
    }),
  ]);
}

const openHistory = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Histórico de versões' }));
  return screen.findByRole('dialog', { name: 'Histórico de versões' });
};

const nameInput = () => screen.getByLabelText(/Nome do form/);

describe('/forms/edit/{id}: versions', () => {
  it('lists the versions: author, date, message, the current one and a restore', async () => {
    const api = setupVersions({ form: v5 });
    const { user } = renderApp('/forms/edit/fm1');
    const drawer = await openHistory(user);
    const list = await within(drawer).findByRole('list', { name: 'Histórico de versões' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Versão 5',
      'Versão 4',
      'Versão 3',
      'Versão 2',
      'Versão 1',
    ]);
    const [current, restored] = items as [HTMLElement, HTMLElement];
    expect(current).toHaveTextContent('Atual');
    expect(current).toHaveTextContent('Maria Souza · 01/03/2026 14:05');
    expect(current).toHaveTextContent('Ajusta o estado');
    // The current version can be neither compared with itself nor restored.
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(restored).not.toHaveTextContent('Atual');
    expect(restored).toHaveTextContent('— · 01/03/2026 14:05');
    expect(restored).toHaveTextContent('Restaurada da versão 2');
    expect(within(restored).getByRole('button', { name: 'Comparar a versão 4' })).toBeVisible();
    expect(within(restored).getByRole('button', { name: 'Restaurar a versão 4' })).toBeVisible();
    expect(api.callsTo('GET', '/api/v1/forms/fm1/versions')[0]?.url.searchParams.get('limit')).toBe(
      '10',
    );
  });

  it('pages through a long history', async () => {
    const many = Array.from({ length: 12 }, (_, i) => versionSummary(12 - i));
    const api = setup([
      { method: 'GET', path: '/api/v1/forms/fm1', reply: { body: { ...cadastro, version: 12 } } },
      ...versionRoutes('/api/v1/forms/fm1', { current: 12, summaries: many, documents: {} }),
    ]);
    const { user } = renderApp('/forms/edit/fm1');
    const drawer = await openHistory(user);
    await within(drawer).findByRole('listitem', { name: 'Versão 12' });
    expect(within(drawer).getByText('Total: 12')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '2' }));
    expect(await within(drawer).findByRole('listitem', { name: 'Versão 2' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('listitem', { name: 'Versão 12' })).not.toBeInTheDocument();
    const pages = api.callsTo('GET', '/api/v1/forms/fm1/versions');
    expect(pages.map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('compares a version with the current one, field by field in pt-BR', async () => {
    setupVersions({ form: v5 });
    const { user } = renderApp('/forms/edit/fm1');
    const drawer = await openHistory(user);
    await user.click(await within(drawer).findByRole('button', { name: 'Comparar a versão 3' }));
    const modal = await screen.findByRole('dialog', { name: 'Comparar a versão 3 com a atual' });
    const changes = await within(modal).findByRole('list', { name: 'Alterações' });
    const rows = within(changes).getAllByRole('listitem');
    const row = (label: string) => {
      const found = rows.find((each) => within(each).queryByText(label, { exact: true }));
      if (!found) throw new Error(`no change '${label}'`);
      return found;
    };
    const sides = (label: string) =>
      within(row(label))
        .getAllByRole('group')
        .map((side) => side.textContent);
    expect(within(row('Nome do form')).getByText('Alterado')).toBeInTheDocument();
    expect(sides('Nome do form')).toEqual([
      'Versão 3Cadastro antigo',
      'Versão 5 (atual)Cadastro de Clientes',
    ]);
    // The group is named, not shown by its id.
    expect(sides('Grupo')).toEqual(['Versão 3—', 'Versão 5 (atual)Vendas']);
    expect(sides('Campo 1 › Label')).toEqual(['Versão 3Documento', 'Versão 5 (atual)CPF']);
    expect(within(row('Campo 2')).getByText('Adicionado')).toBeInTheDocument();
    expect(sides('Campo 2')[0]).toBe('Versão 3—');
    expect(sides('Campo 2')[1]).toContain('"label": "Estado"');
    expect(sides('Título')).toEqual(['Versão 3Cadastro 2025', 'Versão 5 (atual)Cadastro']);
    expect(rows).toHaveLength(5);
  });

  it('restores a version after asking about the unsaved changes, and shows it', async () => {
    const stored = { form: v5 };
    const api = setupVersions(stored, [
      {
        method: 'POST',
        path: '/api/v1/forms/fm1/versions/3/restore',
        reply: () => {
          stored.form = { ...v3, version: 6 };
          return { body: stored.form };
        },
      },
    ]);
    const { user } = renderApp('/forms/edit/fm1');
    await waitFor(() => expect(nameInput()).toHaveValue('Cadastro de Clientes'));
    await user.type(nameInput(), ' editado');
    const drawer = await openHistory(user);
    await user.click(await within(drawer).findByRole('button', { name: 'Restaurar a versão 3' }));

    let ask = await screen.findByRole('dialog', { name: 'Descartar as alterações?' });
    expect(ask).toHaveTextContent('Existem alterações não salvas nesta página');
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', '/api/v1/forms/fm1/versions/3/restore')).toHaveLength(0);
    expect(nameInput()).toHaveValue('Cadastro de Clientes editado');

    await user.click(within(drawer).getByRole('button', { name: 'Restaurar a versão 3' }));
    ask = await screen.findByRole('dialog', { name: 'Descartar as alterações?' });
    await user.click(within(ask).getByRole('button', { name: 'Descartar e continuar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar a versão 3?' });
    expect(confirm).toHaveTextContent('salvo como uma versão nova');
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));

    expect(await screen.findByText('Versão 3 restaurada.')).toBeInTheDocument();
    await waitFor(() => expect(nameInput()).toHaveValue('Cadastro antigo'));
    expect(api.callsTo('POST', '/api/v1/forms/fm1/versions/3/restore')[0]?.body).toEqual({
      version: 5,
    });
    // The restored form is the page's new base: its next save is based on version 6.
    await user.type(nameInput(), '!');
    await save(user);
    await waitFor(() => expect(lastPut(api.calls)?.body).toMatchObject({ version: 6 }));
  });

  it('sends the loaded version; a conflict shows the changes, then keeps mine over the current', async () => {
    let puts = 0;
    const api = setupVersions({ form: v5 }, [
      {
        method: 'PUT',
        path: '/api/v1/forms/fm1',
        reply: () => {
          puts += 1;
          return puts === 1
            ? versionConflict(7)
            : { body: { ...v5, name: 'Meu nome', version: 8 } };
        },
      },
    ]);
    const { user } = renderApp('/forms/edit/fm1');
    await waitFor(() => expect(nameInput()).toHaveValue('Cadastro de Clientes'));
    await user.clear(nameInput());
    await user.type(nameInput(), 'Meu nome');
    await save(user);

    const conflict = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });
    expect(conflict).toHaveTextContent(
      'Este formulário foi alterado por João Lima às 14:05 depois que você o abriu.',
    );
    expect(lastPut(api.calls)?.body).toMatchObject({ name: 'Meu nome', version: 5 });

    await user.click(within(conflict).getByRole('button', { name: 'Ver as alterações' }));
    const compare = await screen.findByRole('dialog', {
      name: 'O que mudou da versão 5 para a versão 7',
    });
    expect(await within(compare).findByText('Título')).toBeInTheDocument();
    expect(within(compare).getByText('Novo título')).toBeInTheDocument();
    expect(within(compare).getByText('Versão 7 (atual)')).toBeInTheDocument();
    await user.click(within(compare).getByRole('button', { name: 'Fechar' }));

    await user.click(within(conflict).getByRole('button', { name: 'Manter as minhas' }));
    const keep = await screen.findByRole('dialog', { name: 'Manter as suas alterações?' });
    await user.click(within(keep).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Form salvo com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/forms/fm1')).toHaveLength(2);
    expect(lastPut(api.calls)?.body).toMatchObject({ name: 'Meu nome', version: 7 });

    // Saved: the next save is based on the version that save made.
    await user.type(nameInput(), '!');
    await save(user);
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/forms/fm1')).toHaveLength(3));
    expect(lastPut(api.calls)?.body).toMatchObject({ version: 8 });
  });

  it("reloads the current form on a conflict, dropping the page's changes", async () => {
    const stored = { form: v5 };
    const api = setupVersions(stored, [
      {
        method: 'PUT',
        path: '/api/v1/forms/fm1',
        reply: () => {
          stored.form = { ...v5, name: 'Nome do João', version: 7 };
          return versionConflict(7);
        },
      },
    ]);
    const { user } = renderApp('/forms/edit/fm1');
    await waitFor(() => expect(nameInput()).toHaveValue('Cadastro de Clientes'));
    await user.type(nameInput(), ' meu');
    await save(user);
    const conflict = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });
    await user.click(within(conflict).getByRole('button', { name: 'Recarregar' }));
    const ask = await screen.findByRole('dialog', { name: 'Recarregar?' });
    expect(ask).toHaveTextContent('As alterações desta página serão descartadas');
    await user.click(within(ask).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(nameInput()).toHaveValue('Nome do João'));
    expect(api.callsTo('PUT', '/api/v1/forms/fm1')).toHaveLength(1);
    // Nothing is left unsaved, and the next save is based on the version reloaded.
    await user.type(nameInput(), '!');
    await save(user);
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/forms/fm1')).toHaveLength(2));
    expect(lastPut(api.calls)?.body).toMatchObject({ name: 'Nome do João!', version: 7 });
  });
});

function lastPut(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'PUT').at(-1);
}
