import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { memoryLimits } from '../ports';
import { createIsolatedSandbox } from '../sandbox/isolated-sandbox';
import { createHarness } from '../testing/engine-harness';
import { measureMemory } from '../testing/memory';
import { logLimitNotice } from './log-budget';

/** A trigger and one code node. */
const codeFlow = (code: string) =>
  ({
    version: 1,
    nodes: [
      { uid: 't', type: 'test_trigger', params: {}, position: { x: 0, y: 0 } },
      { uid: 'c', type: 'core_code', params: { code }, position: { x: 100, y: 0 } },
    ],
    edges: [{ id: 'e0', source: 't', sourceOutput: 'default', target: 'c' }],
  }) as FlowDocument;

describe('log lines of one execution', () => {
  const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 60_000, memoryMb: 64 } });
  afterAll(() => sandbox.dispose());

  it('are bounded: a flood keeps the server within its budget, with one notice', async () => {
    // 3 000 lines of 100 000 characters would wait in the server (about 300 MB) for the database.
    const harness = createHarness({ sandbox });
    const { outcome, held, grewBy } = await measureMemory(() =>
      harness.run(
        codeFlow(
          `const line = 'x'.repeat(100000); for (let i = 0; i < 3000; i++) console.log(line);`,
        ),
      ),
    );
    expect(held).toBeLessThan(200 * 1024 * 1024);
    expect(grewBy).toBeLessThan(200 * 1024 * 1024);
    expect(outcome).toMatchObject({ value: { status: 'success' } });
    const lines = harness.events.filter((event) => event.type === 'log');
    // The line that reaches 10 MB is the last one written, then the notice.
    expect(lines).toHaveLength(Math.ceil(memoryLimits.executionLogBytes / 100_000) + 1);
    expect(lines.at(-1)).toMatchObject({
      log_type: 'user',
      label: 'Limite de log',
      message: logLimitNotice,
    });
    expect(logLimitNotice).toBe(
      'A execução passou do limite de 10.000 linhas ou 10 MB de log; as linhas seguintes foram descartadas.',
    );
  });

  it('counts lines too: short lines stop at 10 000', async () => {
    const harness = createHarness({ sandbox });
    await harness.run(codeFlow(`for (let i = 0; i < 20000; i++) console.log(i);`));
    const lines = harness.events.filter((event) => event.type === 'log');
    expect(lines).toHaveLength(memoryLimits.executionLogLines + 1);
    expect(lines.at(-2)).toMatchObject({ message: '9999' });
    expect(lines.at(-1)).toMatchObject({ message: logLimitNotice });
  });
});
