import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { limits } from '@ponte/shared/limits';
import { renderWithProviders } from '../../../test/render';
import { FlowNotesModal } from './flow-notes-modal';

function open(html: string) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FlowNotesModal opened html={html} onClose={onClose} onApply={onApply} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Notas' });
  const content = within(dialog).getByRole('textbox', { name: 'Notas do flow' });
  return { ...view, dialog, content, onApply, onClose };
}

/** ProseMirror measures text to scroll the selection into view; jsdom has no layout. */
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

describe('FlowNotesModal', () => {
  it('loads and applies sanitised html', async () => {
    const { dialog, content, user, onApply } = open(
      '<p>Olá <strong>mundo</strong></p><img src=x onerror=alert(1)><script>alert(1)</script>',
    );
    expect(content).toHaveTextContent('Olá mundo');
    expect(dialog.innerHTML).not.toMatch(/onerror|<script/);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    const applied = onApply.mock.calls[0]![0] as string;
    expect(applied).toContain('<strong>mundo</strong>');
    expect(applied).not.toMatch(/onerror|<script|alert/);
  });

  it('formats with the toolbar', async () => {
    const { dialog, content, user, onApply } = open('<p>Resumo</p>');
    await user.click(content);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(dialog).getByRole('button', { name: 'Negrito' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith('<p><strong>Resumo</strong></p>');
  });

  it('undoes an edit that takes the notes over 1MB and says why', async () => {
    const atLimit = `<p>${'a'.repeat(limits.flowNotesMax - 7)}</p>`;
    expect(atLimit).toHaveLength(limits.flowNotesMax);
    const { dialog, content, user, onApply } = open(atLimit);
    await user.click(content);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(dialog).getByRole('button', { name: 'Negrito' }));

    expect(
      await screen.findByText('Limite de tamanho de nota atingido. O tamanho máximo é de 1MB.'),
    ).toBeVisible();
    expect(content.querySelector('strong')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith(atLimit);
  });

  it('applies empty notes as an empty string, and Cancelar applies nothing', async () => {
    const first = open('');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Aplicar' }));
    expect(first.onApply).toHaveBeenCalledWith('');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancelar' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(first.onApply).toHaveBeenCalledTimes(1);
  });
});
