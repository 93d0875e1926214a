import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { showToast, toast } from './toasts';

function shownMessages(): string[] {
  return notificationsStore.getState().notifications.map((item) => String(item.message));
}

describe('toasts', () => {
  it('shows the same text once: a repeat replaces the visible toast', () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      toast.error('Ocorreu um erro ao salvar a variável');
      toast.error('Ocorreu um erro ao salvar a variável');
      toast.error('Ocorreu um erro ao salvar a variável');
    });
    expect(screen.getAllByText('Ocorreu um erro ao salvar a variável')).toHaveLength(1);
    expect(shownMessages()).toEqual(['Ocorreu um erro ao salvar a variável']);
  });

  it('stacks different texts and closes each after 5 s', () => {
    toast.success('Variável salva com sucesso');
    toast.warning('O nome do grupo não confere com o nome digitado!');
    expect(shownMessages()).toEqual([
      'Variável salva com sucesso',
      'O nome do grupo não confere com o nome digitado!',
    ]);
    expect(notificationsStore.getState().notifications.map((item) => item.autoClose)).toEqual([
      5000, 5000,
    ]);
  });

  it('starts a clean list when the last toast is more than 10 s old', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-10T12:00:00Z'));
    toast.info('Primeira mensagem');
    toast.info('Segunda mensagem');
    vi.setSystemTime(new Date('2026-01-10T12:00:09Z'));
    toast.info('Terceira mensagem');
    expect(shownMessages()).toHaveLength(3);

    vi.setSystemTime(new Date('2026-01-10T12:00:20Z'));
    showToast('success', 'Depois de uma pausa');
    expect(shownMessages()).toEqual(['Depois de uma pausa']);
  });

  it('colours each kind', () => {
    toast.success('a');
    toast.error('b');
    toast.warning('c');
    toast.info('d');
    expect(notificationsStore.getState().notifications.map((item) => item.color)).toEqual([
      'teal',
      'red',
      'yellow',
      'blue',
    ]);
  });
});
