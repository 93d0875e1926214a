import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const name = 'Sair do editor?';

/** The unsaved-changes question, once it shows. */
export async function leaveQuestion(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog).toHaveTextContent('Existem alterações não salvas');
  return dialog;
}

/** Answers 'Continuar editando' and waits for the question to go. */
export async function keepEditing(user: UserEvent): Promise<void> {
  await user.click(
    within(await leaveQuestion()).getByRole('button', { name: 'Continuar editando' }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
}

/** Answers 'Sair sem salvar'. */
export async function leaveWithoutSaving(user: UserEvent): Promise<void> {
  await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Sair sem salvar' }));
}

/** Clicks a link of the sidebar. */
export async function followSidebarLink(user: UserEvent, label: string): Promise<void> {
  const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
  await user.click(within(nav).getByRole('link', { name: label }));
}

/** Whether closing or reloading the tab now would make the browser ask. */
export function browserWouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
