import { describe, expect, it } from 'vitest';
import { failedExecution, ranDocument } from './execution-view-fixtures';
import { failingNodeOf, pinsOfRuns, takenEdgesOf } from './execution-view-state';

const msg = (n: number) => ({ payload: n });

describe('a past execution on the canvas', () => {
  it('takes an edge only when its source sent on its output and its target ran', () => {
    const data = failedExecution();
    expect([...takenEdgesOf(ranDocument, data)].sort()).toEqual([
      'e-check-approved',
      'e-trigger-check',
    ]);
    const onlyFalse = failedExecution({
      nodes: data.nodes.map((node) =>
        node.node_uid === 'check' ? { ...node, outputs: { true: 0, false: 2 } } : node,
      ),
    });
    // 'false' sent, but 'Gravar recusado' never ran; 'true' sent nothing.
    expect([...takenEdgesOf(ranDocument, onlyFalse)]).toEqual(['e-trigger-check']);
  });

  it('marks the node the error names, else the first that failed', () => {
    expect(failingNodeOf(failedExecution())).toBe('approved');
    const unnamed = failedExecution();
    unnamed.execution.error = { message: 'Tempo esgotado' };
    expect(failingNodeOf(unnamed)).toBe('approved');
    expect(failingNodeOf(failedExecution({ nodes: [] }))).toBe('approved');
    const fine = failedExecution({ nodes: [] });
    fine.execution.error = null;
    expect(failingNodeOf(fine)).toBeUndefined();
  });

  it("pins a node's last run's kept outputs, and nothing from a run over the cap", () => {
    const run = (outputs: { output: string; msg: Record<string, unknown> | null }[]) => ({
      input: {},
      outputs,
      duration_ms: 1,
    });
    expect(
      pinsOfRuns([
        run([{ output: 'true', msg: msg(1) }]),
        run([
          { output: 'false', msg: msg(2) },
          { output: 'error', msg: null },
        ]),
      ]),
    ).toEqual([{ output: 'false', msg: msg(2) }]);
    expect(
      pinsOfRuns([
        run([{ output: 'default', msg: msg(1) }]),
        { ...run([{ output: 'default', msg: null }]), truncated: { bytes: 2_000_000 } },
      ]),
    ).toEqual([]);
    expect(pinsOfRuns([])).toEqual([]);
  });
});
