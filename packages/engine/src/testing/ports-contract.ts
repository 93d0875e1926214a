import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnginePorts, ExecutionScope } from '../ports';

/** The variables every subject of the contract is set up with. */
export const portsContractVariables = {
  system: { REGIAO: 'sistema', SO_SISTEMA: 's' },
  workspace: { REGIAO: 'workspace', SO_WORKSPACE: 'w' },
} as const;

export interface PortsContractSubject {
  ports: EnginePorts;
  scope: ExecutionScope;
  /**
   * A flow of the scope's workspace started by a flow trigger; the message it ends with
   * carries the payload it was called with.
   */
  calledFlowId: string;
  close?(): Promise<void>;
}

/**
 * What the engine expects of its ports, run against the fakes of the engine's tests and
 * against the server's real ports alike. `make` builds ports whose system and workspace
 * variables are `portsContractVariables`. The HTTP port is not part of it: the server's
 * refuses local addresses, where a test server would listen.
 */
export function describePortsContract(
  name: string,
  make: () => Promise<PortsContractSubject>,
): void {
  describe(`engine ports contract: ${name}`, () => {
    let subject: PortsContractSubject;
    beforeAll(async () => {
      subject = await make();
    });
    afterAll(async () => {
      await subject?.close?.();
    });

    it('resolves variables of the workspace over those of the system', async () => {
      const { ports, scope } = subject;
      expect(await ports.variables.get(scope, 'REGIAO')).toBe('workspace');
      expect(await ports.variables.get(scope, 'SO_SISTEMA')).toBe('s');
      expect(await ports.variables.get(scope, 'SO_WORKSPACE')).toBe('w');
      expect(await ports.variables.get(scope, 'NAO_EXISTE')).toBeUndefined();
      expect(await ports.variables.all(scope)).toEqual({
        REGIAO: 'workspace',
        SO_SISTEMA: 's',
        SO_WORKSPACE: 'w',
      });
    });

    it("calls a flow: with wait, answers the called flow's last message", async () => {
      const { ports, scope, calledFlowId } = subject;
      const signal = new AbortController().signal;
      const waited = await ports.flows.execute(scope, {
        flowId: calledFlowId,
        payload: { pedido: 7 },
        wait: true,
        signal,
      });
      expect(waited.execution_id).toEqual(expect.any(String));
      expect(waited.msg).toMatchObject({ payload: { pedido: 7 } });

      const queued = await ports.flows.execute(scope, {
        flowId: calledFlowId,
        payload: { pedido: 8 },
        wait: false,
        signal,
      });
      expect(queued.execution_id).toEqual(expect.any(String));
      expect(queued.execution_id).not.toBe(waited.execution_id);
      expect(queued).not.toHaveProperty('msg');
    });

    it('sleeps, and an abort ends the sleep with its reason', async () => {
      const { clock } = subject.ports;
      const before = clock.now();
      await clock.sleep(5, new AbortController().signal);
      expect(clock.now()).toBeGreaterThanOrEqual(before);

      const early = new AbortController();
      early.abort(new Error('antes'));
      await expect(clock.sleep(60_000, early.signal)).rejects.toThrow('antes');

      const during = new AbortController();
      const sleeping = clock.sleep(60_000, during.signal);
      during.abort(new Error('durante'));
      await expect(sleeping).rejects.toThrow('durante');
    });

    it('gives a new id every time', () => {
      const ids = Array.from({ length: 100 }, () => subject.ports.newId());
      expect(new Set(ids).size).toBe(100);
      for (const id of ids) expect(id).toEqual(expect.any(String));
    });
  });
}
