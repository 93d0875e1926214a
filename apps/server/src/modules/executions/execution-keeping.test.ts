import { describe, expect, it } from 'vitest';
import type { LogEntry, LogWriteOptions } from '../logs/log-writer';
import { createLogKeeper, saveLevelOf } from './execution-keeping';

const line = (type: LogEntry['type'], label: string): LogEntry => ({
  workspaceId: 'w',
  flowId: 'f',
  executionId: 'e',
  type,
  label,
  message: label,
  createdAt: new Date(0),
});

function recorded() {
  const writes: { label: string; options?: LogWriteOptions }[] = [];
  const logs = {
    write: (entry: LogEntry, options?: LogWriteOptions) =>
      void writes.push({ label: entry.label, ...(options ? { options } : {}) }),
  };
  return { writes, logs };
}

describe('save level of an execution', () => {
  it('a flow that says default follows the instance; the debugger keeps everything', () => {
    expect(saveLevelOf('default', 'none', false)).toBe('none');
    expect(saveLevelOf(undefined, 'errors', false)).toBe('errors');
    expect(saveLevelOf('errors', 'all', false)).toBe('errors');
    expect(saveLevelOf('none', 'none', true)).toBe('all');
  });

  it('errors: every line is watched at once, stored at the end as the outcome says', () => {
    const { writes, logs } = recorded();
    const keeper = createLogKeeper('errors', logs);
    keeper.write(line('internal', 'início'));
    keeper.write(line('user', 'meu log'));
    expect(writes).toEqual([
      { label: 'início', options: { store: false } },
      { label: 'meu log', options: { store: false } },
    ]);
    keeper.end('success');
    expect(writes.slice(2)).toEqual([{ label: 'meu log', options: { watch: false } }]);
  });

  it('none: every line is watched, none is stored', () => {
    const { writes, logs } = recorded();
    const keeper = createLogKeeper('none', logs);
    keeper.write(line('user', 'meu log'));
    keeper.end('error');
    expect(writes).toEqual([{ label: 'meu log', options: { store: false } }]);
  });
});
