import { afterAll, describe, expect, it } from 'vitest';
import { createIsolatedSandbox } from './isolated-sandbox';
import type { SandboxHost, SandboxKill, SandboxOrigin } from './sandbox';

const kills: SandboxKill[] = [];
const sandbox = createIsolatedSandbox({
  limits: { timeoutMs: 300, memoryMb: 16 },
  poolSize: 1,
  onKill: (kill) => {
    kills.push(kill);
    if (kill.reason === 'abort') throw new Error('o gancho falhou');
  },
});
afterAll(() => sandbox.dispose());

const host: SandboxHost = {
  getVar: async () => undefined,
  getFlowData: () => ({}),
  setFlowData: () => undefined,
  log: () => undefined,
  fetch: () => Promise.reject(new Error('sem rede')),
};
const origin: SandboxOrigin = {
  workspaceId: 'ws-1',
  flowId: 'flow-1',
  executionId: 'exec-1',
  nodeUid: 'codigo-1',
  nodeType: 'core_code',
};
const run = (code: string, signal = new AbortController().signal) =>
  sandbox.run({ code, msg: { payload: {} }, host, signal, origin });

describe('sandbox kills', () => {
  it('tells the kill hook, with the origin, when a run is stopped by its time limit', async () => {
    kills.length = 0;
    await expect(run('for (;;) {}')).rejects.toThrow('tempo limite');
    expect(kills).toEqual([
      { reason: 'timeout', message: expect.stringContaining('tempo limite'), origin },
    ]);
  });

  it('tells the kill hook when a run is stopped by its memory limit', async () => {
    kills.length = 0;
    await expect(
      run('const keep = []; for (;;) keep.push(new Array(100000).fill({ a: 1 }));'),
    ).rejects.toThrow('limite de memória');
    expect(kills.map((kill) => [kill.reason, kill.origin?.nodeUid])).toEqual([
      ['memory', 'codigo-1'],
    ]);
  });

  it('tells the kill hook on abort, and a failing hook does not change the run', async () => {
    kills.length = 0;
    const controller = new AbortController();
    const running = run('await new Promise(() => {}); for (;;) {}', controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toThrow('Execução interrompida.');
    expect(kills.map((kill) => kill.reason)).toEqual(['abort']);
  });

  it('does not call the hook for an error of the code itself', async () => {
    kills.length = 0;
    await expect(run("throw new Error('falhou')")).rejects.toThrow('Erro no código: falhou');
    expect(await run('return 1')).toBe(1);
    expect(kills).toEqual([]);
  });
});
