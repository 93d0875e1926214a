import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Adds a field of a type through the menu; the options modal opens on it. */
export async function addField(user: UserEvent, typeLabel: string) {
  await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
  await user.click(await screen.findByRole('menuitem', { name: typeLabel }));
  return screen.findByRole('dialog', { name: /Opções do campo/ });
}

/** Types into a text input of the modal, replacing what it held. */
export async function fill(user: UserEvent, dialog: HTMLElement, label: RegExp, value: string) {
  const input = within(dialog).getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

/** Picks an option of a Mantine Select by its label. */
export async function pick(user: UserEvent, input: HTMLElement, option: string | RegExp) {
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

export async function apply(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
}

export async function save(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
}
