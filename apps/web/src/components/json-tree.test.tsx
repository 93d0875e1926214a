import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { JsonTree } from './json-tree';

function show(value: unknown, openDepth?: number) {
  render(
    <MantineProvider>
      <JsonTree value={value} openDepth={openDepth} />
    </MantineProvider>,
  );
  return screen.getByRole('group', { name: 'JSON' });
}

describe('JsonTree', () => {
  it('shows keys and values, strings quoted, arrays with their indices', () => {
    const tree = show({ pedido: 42, cliente: 'Ana', itens: ['a', true, null] });
    expect(tree.textContent).toContain('pedido: 42');
    expect(tree.textContent).toContain('cliente: "Ana"');
    expect(tree.textContent).toContain('itens: [3]');
    expect(tree.textContent).toContain('0: "a"');
    expect(tree.textContent).toContain('1: true');
    expect(tree.textContent).toContain('2: null');
  });

  it('opens and closes an object with a click; deeper levels start closed', async () => {
    const user = userEvent.setup();
    const tree = show({ a: { b: { c: 'fundo' } } }, 2);
    expect(tree.textContent).not.toContain('fundo');
    const closed = screen.getByRole('button', { name: /b: \{1\}/ });
    expect(closed).toHaveAttribute('aria-expanded', 'false');
    await user.click(closed);
    expect(tree.textContent).toContain('c: "fundo"');
    await user.click(screen.getByRole('button', { name: /a: \{1\}/ }));
    expect(tree.textContent).not.toContain('fundo');
  });

  it('shows a bare value', () => {
    expect(show('texto').textContent).toBe('"texto"');
  });
});
