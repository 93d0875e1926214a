import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FlowIssue } from '@ponte/shared/flow/flow-validator';
import { renderWithProviders } from '../../../test/render';
import { ErrorsViewerModal } from './errors-viewer-modal';

const issues: FlowIssue[] = [
  { level: 'error', code: 'no_trigger', message: 'O fluxo não tem nenhum trigger.' },
  {
    level: 'warning',
    code: 'unreachable',
    message: "O conector 'Log' não é alcançado por nenhum trigger.",
    node_uid: 'log1',
  },
  {
    level: 'error',
    code: 'required_param',
    message: "O parâmetro 'URL' do conector 'HTTP' é obrigatório.",
    node_uid: 'http1',
  },
];

describe('ErrorsViewerModal', () => {
  it('lists the issues in order, each with its badge', () => {
    renderWithProviders(<ErrorsViewerModal opened issues={issues} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Erros encontrados no fluxo' });
    const list = within(dialog).getByRole('list');
    expect(list.tagName).toBe('OL');
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'ErroO fluxo não tem nenhum trigger.',
      "AvisoO conector 'Log' não é alcançado por nenhum trigger.",
      "ErroO parâmetro 'URL' do conector 'HTTP' é obrigatório.",
    ]);
    const colorOf = (entry: HTMLElement, text: string) =>
      within(entry)
        .getByText(text)
        .closest<HTMLElement>('.mantine-Badge-root')
        ?.style.getPropertyValue('--badge-bg');
    expect(colorOf(entries[0]!, 'Erro')).toContain('red');
    expect(colorOf(entries[1]!, 'Aviso')).toContain('yellow');
    // Without a way to select nodes there is no button.
    expect(within(dialog).queryByRole('button', { name: 'Selecionar conector' })).toBeNull();
  });

  it('selects the node an issue is about', async () => {
    const onSelectNode = vi.fn();
    const { user } = renderWithProviders(
      <ErrorsViewerModal opened issues={issues} onClose={vi.fn()} onSelectNode={onSelectNode} />,
    );
    const entries = screen.getAllByRole('listitem');
    expect(within(entries[0]!).queryByRole('button')).toBeNull();
    await user.click(within(entries[2]!).getByRole('button', { name: 'Selecionar conector' }));
    expect(onSelectNode).toHaveBeenCalledWith('http1');
  });

  it('says so when there is nothing to list', () => {
    renderWithProviders(<ErrorsViewerModal opened issues={[]} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Nenhum erro encontrado no fluxo.');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
