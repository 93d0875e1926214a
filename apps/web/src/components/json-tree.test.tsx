import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { JsonTree } from './json-tree';

function show(value: unknown, openDepth?: number) {
  render(
    <MantineProvider>
      <JsonTree value={value} openDepth={openDepth} />
    </MantineProvider>,
  );
  return screen.getByRole('tree', { name: 'Árvore JSON' });
}

function Picker({ value, rootName }: { value: unknown; rootName?: string }) {
  const [path, setPath] = useState('');
  return (
    <>
      <JsonTree value={value} rootName={rootName} onSelectPath={setPath} selectedPath={path} />
      <output aria-label="Caminho">{path}</output>
    </>
  );
}

function pick(value: unknown, rootName?: string) {
  render(
    <MantineProvider>
      <Picker value={value} rootName={rootName} />
    </MantineProvider>,
  );
  return screen.getByRole('status', { name: 'Caminho' });
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

  it('shows keys as text, not buttons, when no path can be picked', () => {
    const tree = show({ pedido: 42 });
    expect(screen.queryByRole('button', { name: 'pedido' })).toBeNull();
    expect(tree.textContent).toContain('pedido: 42');
  });

  it('opens and closes an object with a click; deeper levels start closed', async () => {
    const user = userEvent.setup();
    const tree = show({ a: { b: { c: 'fundo' } } }, 2);
    expect(tree.textContent).not.toContain('fundo');
    expect(screen.getByRole('treeitem', { name: 'b' })).toHaveAttribute('aria-expanded', 'false');
    expect(tree.textContent).toContain('b: {1}');
    await user.click(screen.getByRole('button', { name: 'Expandir b' }));
    expect(screen.getByRole('treeitem', { name: 'b' })).toHaveAttribute('aria-expanded', 'true');
    expect(tree.textContent).toContain('c: "fundo"');
    await user.click(screen.getByRole('button', { name: 'Recolher a' }));
    expect(tree.textContent).not.toContain('fundo');
    await user.click(screen.getByRole('button', { name: 'Recolher raiz' }));
    expect(tree.textContent).toBe('{1}');
  });

  it('shows a bare value', () => {
    expect(show('texto').textContent).toBe('"texto"');
  });

  it('picks the path of a clicked key, from the root name, and marks it', async () => {
    const user = userEvent.setup();
    const path = pick({ payload: { cliente: { nome: 'Ana' }, 'content-type': 'json' } }, 'msg');
    expect(screen.getByRole('tree', { name: 'Árvore JSON' }).textContent).toContain('msg: {1}');
    await user.click(screen.getByRole('button', { name: 'Expandir cliente' }));
    const nome = screen.getByRole('button', { name: 'nome' });
    await user.click(nome);
    expect(path).toHaveTextContent('msg.payload.cliente.nome');
    expect(nome).toHaveAttribute('data-selected');
    await user.click(screen.getByRole('button', { name: 'content-type' }));
    expect(path).toHaveTextContent('msg.payload.`content-type`');
    expect(nome).not.toHaveAttribute('data-selected');
    await user.click(screen.getByRole('button', { name: 'msg' }));
    expect(path).toHaveTextContent(/^msg$/);
  });

  it('picks paths from the first key when there is no root name', async () => {
    const user = userEvent.setup();
    const path = pick({ itens: [{ id: 7 }] });
    await user.click(screen.getByRole('button', { name: 'Expandir 0' }));
    await user.click(screen.getByRole('button', { name: 'id' }));
    expect(path).toHaveTextContent('itens[0].id');
  });

  it('shows a long array 100 children at a time', async () => {
    const user = userEvent.setup();
    const tree = show({ itens: Array.from({ length: 250 }, (_, index) => index) }, 2);
    expect(tree.textContent).toContain('99: 99');
    expect(tree.textContent).not.toContain('100: 100');
    expect(tree.textContent).toContain('(150 restantes)');
    await user.click(screen.getByRole('button', { name: 'Mostrar mais 100' }));
    expect(tree.textContent).toContain('199: 199');
    await user.click(screen.getByRole('button', { name: 'Mostrar mais 50' }));
    expect(tree.textContent).toContain('249: 249');
    expect(screen.queryByRole('button', { name: /Mostrar mais/ })).toBeNull();
  });

  it('lets keys be dragged with their path, as JSONata reads it', () => {
    const dragged: string[] = [];
    render(
      <MantineProvider>
        <JsonTree
          value={{ headers: { 'content-type': 'json' } }}
          rootName="msg"
          onDragPath={(path) => dragged.push(path)}
        />
      </MantineProvider>,
    );
    const key = screen.getByText('content-type');
    expect(key).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(key);
    expect(dragged).toEqual(['msg.headers.`content-type`']);
  });
});
