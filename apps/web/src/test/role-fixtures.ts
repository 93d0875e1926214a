import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { deniedBecause, type Permission, type Role } from '@ponte/shared/roles';
import { storeTestSession, testWorkspace } from './session-fixtures';

/** Signs in with `role` in the test workspace (after the feature's setup, which signs in as owner). */
export function signInAs(role: Role): void {
  storeTestSession({ workspace: { ...testWorkspace, role } });
}

/**
 * Asserts that a control is offered but disabled, and that hovering it tells the role's
 * refusal, the server's own sentence ('Seu papel (Leitor) não permite editar tabelas.').
 */
export async function expectDenied(
  user: UserEvent,
  control: HTMLElement,
  role: Role,
  permission: Permission,
): Promise<void> {
  expect(control).toHaveAttribute('aria-disabled', 'true');
  await user.hover(control);
  const tooltips = await screen.findAllByRole('tooltip');
  expect(tooltips.map((tooltip) => tooltip.textContent).join(' | ')).toContain(
    deniedBecause(role, permission),
  );
  await user.unhover(control);
}
