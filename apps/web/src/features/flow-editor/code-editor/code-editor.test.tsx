import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { CodeEditor } from './code-editor';
import type { CodeLanguage } from './code-languages';
import { fakeHandles } from './monaco-editor.mock';

vi.mock('./monaco-editor', () => import('./monaco-editor.mock'));

afterEach(() => {
  fakeHandles.length = 0;
});

function setup(language: CodeLanguage = 'javascript', initial = 'return msg;') {
  const onChange = vi.fn<(value: string) => void>();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <CodeEditor
        label="Código"
        language={language}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  return { ...renderWithProviders(<Harness />), onChange };
}

describe('CodeEditor', () => {
  it('names the language and edits the value', async () => {
    const { user, onChange } = setup('sql', 'select 1');
    expect(screen.getByText('SQL')).toBeInTheDocument();
    const editor = await screen.findByRole('textbox', { name: 'Código' });
    expect(editor).toHaveAttribute('data-language', 'sql');
    expect(editor).toHaveValue('select 1');
    await user.type(editor, ';');
    expect(onChange).toHaveBeenLastCalledWith('select 1;');
  });

  it('opens its pt-BR command palette from the button and F1, and runs the chosen command', async () => {
    const { user } = setup();
    await screen.findByRole('textbox', { name: 'Código' });
    const button = screen.getByRole('button', { name: 'Paleta de comandos' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    const palette = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(palette).getByRole('option', { name: /Localizar/ })).toBeInTheDocument();
    await user.type(within(palette).getByRole('textbox', { name: 'Buscar comando' }), 'maius');
    expect(
      within(palette)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Converter em maiúsculas']);
    await user.keyboard('{Enter}');
    expect(fakeHandles.at(-1)?.run).toHaveBeenCalledWith('editor.action.transformToUppercase');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('textbox', { name: 'Código' }));
    await user.keyboard('{F1}');
    const again = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.click(within(again).getByRole('option', { name: /Comentar ou descomentar/ }));
    expect(fakeHandles.at(-1)?.run).toHaveBeenLastCalledWith('editor.action.commentLine');
  });

  it('offers formatting only for the languages Monaco formats', async () => {
    const { user } = setup('sql', 'select 1');
    await screen.findByRole('textbox', { name: 'Código' });
    await user.click(screen.getByRole('button', { name: 'Paleta de comandos' }));
    const palette = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(palette).queryByRole('option', { name: /Formatar/ })).toBeNull();
  });

  it('goes fullscreen with a second editor on the same value, and back', async () => {
    const { user, onChange } = setup();
    await screen.findByRole('textbox', { name: 'Código' });
    await user.click(screen.getByRole('button', { name: 'Tela cheia' }));

    const dialog = await screen.findByRole('dialog', { name: 'Código' });
    const wide = await within(dialog).findByRole('textbox', { name: 'Código' });
    expect(wide).toHaveValue('return msg;');
    await user.type(wide, ' // ok');
    expect(onChange).toHaveBeenLastCalledWith('return msg; // ok');

    await user.click(within(dialog).getByRole('button', { name: 'Paleta de comandos' }));
    const palette = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.click(within(palette).getByRole('option', { name: /Localizar/ }));
    expect(fakeHandles.at(-1)?.run).toHaveBeenCalledWith('actions.find');
    expect(fakeHandles[0]?.run).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Sair da tela cheia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('return msg; // ok');
  });

  it('stays fullscreen on Esc, which belongs to the editor; its button leaves', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Tela cheia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Código' });
    await user.click(await within(dialog).findByRole('textbox', { name: 'Código' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Código' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sair da tela cheia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('falls back to plain text when the editor cannot load', async () => {
    vi.resetModules();
    vi.doMock('./monaco-editor', () => {
      throw new Error('Falha ao carregar o chunk');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { CodeEditor: FreshEditor } = await import('./code-editor');
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <FreshEditor label="Código" language="json" value="{}" onChange={onChange} />,
    );
    expect(
      await screen.findByText('O editor de código não carregou; edite como texto simples.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Código' }), '1');
    expect(onChange).toHaveBeenLastCalledWith('{}1');
  });
});
