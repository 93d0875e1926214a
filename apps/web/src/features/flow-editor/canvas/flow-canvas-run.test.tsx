import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { renderWithProviders } from '../../../test/render';
import { testManifest, triggerAndLog } from '../editor-test-fixtures';
import { FlowCanvas } from './flow-canvas';

const library = {
  core_manual_trigger: testManifest('core_manual_trigger', {
    category: 'trigger',
    label: 'Manual Trigger',
  }),
  core_log: testManifest('core_log', { label: 'Log' }),
};
const lookup = (type: string) => library[type as keyof typeof library];

function renderCanvas(readOnly: boolean) {
  const onEdit = vi.fn();
  const onKeyDown = vi.fn();
  renderWithProviders(
    <ReactFlowProvider>
      <div style={{ width: 1000, height: 600 }}>
        <FlowCanvas
          doc={triggerAndLog({ connected: true })}
          lookup={lookup}
          issues={new Map()}
          onEdit={onEdit}
          onSelectionChange={() => undefined}
          selectRequest={{ uids: ['log-1'] }}
          onDropType={() => undefined}
          onKeyDown={onKeyDown}
          pinned={new Set(['trigger'])}
          readOnly={readOnly}
        />
      </div>
    </ReactFlowProvider>,
  );
  return { onEdit, onKeyDown };
}

/** React Flow removes through a promise: its pending work, not a wait. */
const settle = () => act(async () => {});

const card = (uid: string) =>
  document.querySelector<HTMLElement>(`.react-flow__node[data-id="${uid}"]`)!;

describe('the canvas of a run', () => {
  it('draws a pin on pinned nodes', async () => {
    renderCanvas(false);
    const trigger = await screen.findByTestId('node-trigger');
    expect(within(trigger).getByLabelText('Saída fixada')).toBeInTheDocument();
    expect(within(screen.getByTestId('node-log-1')).queryByLabelText('Saída fixada')).toBeNull();
  });

  it('lets nothing be moved, connected or removed in a past execution', async () => {
    const editable = renderCanvas(false);
    await screen.findByTestId('node-log-1');
    expect(card('log-1').classList.contains('draggable')).toBe(true);
    fireEvent.keyDown(card('log-1'), { key: 'Delete' });
    await settle();
    expect(editable.onEdit).toHaveBeenCalled();
    document.body.innerHTML = '';

    const locked = renderCanvas(true);
    await screen.findByTestId('node-log-1');
    expect(card('log-1').classList.contains('draggable')).toBe(false);
    expect(
      document.querySelector('.react-flow__handle.connectable'),
      'nenhum ponto de conexão ativo',
    ).toBeNull();
    fireEvent.keyDown(card('log-1'), { key: 'Delete' });
    fireEvent.keyDown(card('log-1'), { key: 'v', ctrlKey: true });
    await settle();
    expect(locked.onEdit).not.toHaveBeenCalled();
    expect(locked.onKeyDown).not.toHaveBeenCalled();
  });
});
