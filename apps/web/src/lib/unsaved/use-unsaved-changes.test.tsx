import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Modal, TextInput } from '@mantine/core';
import { Link, RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { useSavedValue } from './use-saved-value';
import { useUnsavedChanges } from './use-unsaved-changes';

/** A one-field editor: 'Salvar' keeps the value as saved, 'Salvar e voltar' also leaves. */
function NoteEditor() {
  const navigate = useNavigate();
  const [text, setText] = useState('Olá');
  const saved = useSavedValue(text);
  const unsaved = useUnsavedChanges(saved.dirty);
  return (
    <>
      <TextInput label="Texto" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <Link to="/lista">Lista</Link>
      <Link to="/editor?aba=2">Outra aba</Link>
      <Button onClick={() => saved.markSaved(text)}>Salvar</Button>
      <Button
        onClick={() => {
          saved.markSaved(text);
          unsaved.allowNextNavigation();
          void navigate('/lista');
        }}
      >
        Salvar e voltar
      </Button>
      {unsaved.dialog}
    </>
  );
}

/**
 * A modal editor: every way of closing goes through `confirmLeave`. `questionFirst` renders the
 * question before the modal: the answer does not hang on their order on the page.
 */
function NoteModal({ questionFirst = false }: { questionFirst?: boolean }) {
  const [opened, setOpened] = useState(true);
  const [text, setText] = useState('');
  const saved = useSavedValue(text);
  const unsaved = useUnsavedChanges(opened && saved.dirty);
  const close = () => unsaved.confirmLeave(() => setOpened(false));
  return (
    <>
      <p>{opened ? 'Modal aberto' : 'Modal fechado'}</p>
      {questionFirst ? unsaved.dialog : null}
      <Modal opened={opened} onClose={close} title="Nova nota">
        <TextInput label="Texto" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Button onClick={close}>Cancelar</Button>
      </Modal>
      {questionFirst ? null : unsaved.dialog}
    </>
  );
}

function renderAt(element: React.ReactElement, entries = ['/lista', '/editor']) {
  const router = createMemoryRouter(
    [
      { path: '/editor', element },
      { path: '/lista', element: <p>Página da lista</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

const question = () => screen.findByRole('dialog', { name: 'Sair do editor?' });

function closeTab(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChanges', () => {
  it('lets a person leave an editor they did not change', async () => {
    const { router, user } = renderAt(<NoteEditor />);
    await user.click(screen.getByRole('link', { name: 'Lista' }));
    expect(await screen.findByText('Página da lista')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lista');
  });

  it('counts a change typed back to what was loaded as no change', async () => {
    const { user } = renderAt(<NoteEditor />);
    const field = screen.getByLabelText('Texto');
    await user.type(field, '!');
    await user.type(field, '{Backspace}');
    expect(closeTab()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Lista' }));
    expect(await screen.findByText('Página da lista')).toBeInTheDocument();
  });

  it('asks before a link leaves a changed editor: stay keeps the change, leave goes', async () => {
    const { router, user } = renderAt(<NoteEditor />);
    await user.type(screen.getByLabelText('Texto'), ', mundo');
    await user.click(screen.getByRole('link', { name: 'Lista' }));

    const dialog = await question();
    expect(dialog).toHaveTextContent('Existem alterações não salvas. Deseja sair mesmo assim?');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editor');
    expect(screen.getByLabelText('Texto')).toHaveValue('Olá, mundo');

    await user.click(screen.getByRole('link', { name: 'Lista' }));
    await user.click(within(await question()).getByRole('button', { name: 'Sair sem salvar' }));
    expect(await screen.findByText('Página da lista')).toBeInTheDocument();
  });

  it('asks on the browser back button too', async () => {
    const { router, user } = renderAt(<NoteEditor />);
    await user.type(screen.getByLabelText('Texto'), '!');
    await act(() => router.navigate(-1));
    await question();
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('does not ask when only the query string changes', async () => {
    const { router, user } = renderAt(<NoteEditor />);
    await user.type(screen.getByLabelText('Texto'), '!');
    await user.click(screen.getByRole('link', { name: 'Outra aba' }));
    await waitFor(() => expect(router.state.location.search).toBe('?aba=2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser before the tab closes, only while something is unsaved', async () => {
    const { user } = renderAt(<NoteEditor />);
    expect(closeTab()).toBe(false);
    await user.type(screen.getByLabelText('Texto'), '!');
    expect(closeTab()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(closeTab()).toBe(false);
  });

  it('frees navigation after a save, and a save that leaves is not asked', async () => {
    const { router, user } = renderAt(<NoteEditor />);
    await user.type(screen.getByLabelText('Texto'), '!');
    await user.click(screen.getByRole('button', { name: 'Salvar e voltar' }));
    expect(await screen.findByText('Página da lista')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lista');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('frees navigation after a save that stays', async () => {
    const { user } = renderAt(<NoteEditor />);
    await user.type(screen.getByLabelText('Texto'), '!');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await user.click(screen.getByRole('link', { name: 'Lista' }));
    expect(await screen.findByText('Página da lista')).toBeInTheDocument();
  });

  it('closes an unchanged modal at once', async () => {
    const { user } = renderAt(<NoteModal />);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Modal fechado')).toBeInTheDocument();
  });

  it.each([
    [
      'Cancelar',
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancelar' })),
    ],
    ['Esc', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('asks before %s closes a changed modal', async (_name, close) => {
    const { user } = renderAt(<NoteModal />);
    await user.type(screen.getByLabelText('Texto'), 'Lembrete');
    await close(user);
    await user.click(within(await question()).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sair do editor?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Modal aberto')).toBeInTheDocument();
    expect(screen.getByLabelText('Texto')).toHaveValue('Lembrete');

    await close(user);
    await user.click(within(await question()).getByRole('button', { name: 'Sair sem salvar' }));
    expect(await screen.findByText('Modal fechado')).toBeInTheDocument();
  });

  it.each([false, true])(
    'answers an Esc pressed on the question with staying, the modal open (question first: %s)',
    async (questionFirst) => {
      const { user } = renderAt(<NoteModal questionFirst={questionFirst} />);
      await user.type(screen.getByLabelText('Texto'), 'Lembrete');
      await user.keyboard('{Escape}');
      await question();
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Sair do editor?' })).not.toBeInTheDocument(),
      );
      expect(screen.getByText('Modal aberto')).toBeInTheDocument();
      expect(screen.getByLabelText('Texto')).toHaveValue('Lembrete');
    },
  );

  it('keeps the browser question off once a changed modal was closed without saving', async () => {
    const { user } = renderAt(<NoteModal />);
    await user.type(screen.getByLabelText('Texto'), 'Lembrete');
    expect(closeTab()).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(within(await question()).getByRole('button', { name: 'Sair sem salvar' }));
    await screen.findByText('Modal fechado');
    expect(closeTab()).toBe(false);
  });
});
