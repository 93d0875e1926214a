import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { AiBudgetSpentError, type EnginePorts, type ExecutionScope } from '../ports';
import { testSignal } from './fake-ports';

/** The variables every subject of the contract is set up with. */
export const portsContractVariables = {
  system: { REGIAO: 'sistema', SO_SISTEMA: 's' },
  workspace: { REGIAO: 'workspace', SO_WORKSPACE: 'w' },
} as const;

/**
 * The holidays the scope's workspace added itself, in the order the port lists them (yearly
 * ones by day and month, then the others by date); another workspace has none of them.
 */
export const portsContractHolidays = [
  { date: '2020-01-25', name: 'Aniversário da cidade', recurring: true },
  { date: '2021-11-20', name: 'Consciência Negra', recurring: true },
  { date: '2026-12-24', name: 'Véspera de Natal', recurring: false },
  { date: '2027-02-09', name: 'Carnaval da empresa', recurring: false },
] as const;

export interface PortsContractSubject {
  ports: EnginePorts;
  scope: ExecutionScope;
  /**
   * A flow of the scope's workspace started by a flow trigger; the message it ends with
   * carries the payload it was called with.
   */
  calledFlowId: string;
  /** Sets the scope's workspace's monthly AI token budget (null: no limit). */
  setAiTokenBudget(budget: number | null): Promise<void>;
  close?(): Promise<void>;
}

/**
 * What the engine expects of its ports, run against the fakes of the engine's tests and
 * against the server's real ports alike. `make` builds ports whose system and workspace
 * variables are `portsContractVariables` and whose workspace's own holidays are
 * `portsContractHolidays`. The HTTP port is not part of it: the server's
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
      expect(await ports.variables.get(scope, 'REGIAO', testSignal)).toBe('workspace');
      expect(await ports.variables.get(scope, 'SO_SISTEMA', testSignal)).toBe('s');
      expect(await ports.variables.get(scope, 'SO_WORKSPACE', testSignal)).toBe('w');
      expect(await ports.variables.get(scope, 'NAO_EXISTE', testSignal)).toBeUndefined();
      expect(await ports.variables.all(scope, testSignal)).toEqual({
        REGIAO: 'workspace',
        SO_SISTEMA: 's',
        SO_WORKSPACE: 'w',
      });
    });

    it("lists the workspace's own holidays, and none of another workspace", async () => {
      const { ports, scope } = subject;
      expect(await ports.holidays.list(scope, testSignal)).toEqual(portsContractHolidays);
      const elsewhere = { ...scope, workspaceId: 'outro-workspace' };
      expect(await ports.holidays.list(elsewhere, testSignal)).toEqual([]);
      const aborted = AbortSignal.abort(new Error('Execução parada.'));
      await expect(ports.holidays.list(scope, aborted)).rejects.toThrow('Execução parada.');
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

    itKeepsFiles(() => subject);

    itKeepsConversations(() => subject);

    itCountsAiTokens(() => subject);

    it('gives a new id every time', () => {
      const ids = Array.from({ length: 100 }, () => subject.ports.newId());
      expect(new Set(ids).size).toBe(100);
      for (const id of ids) expect(id).toEqual(expect.any(String));
    });
  });
}

/** The agents' memory: the last turns of a conversation in order, other keys and workspaces apart. */
function itKeepsConversations(get: () => PortsContractSubject): void {
  it("keeps an agent's conversation by key: the last turns in order, other keys apart", async () => {
    const { ports, scope } = get();
    const { agentMemory } = ports;
    const key = `contrato-${ports.newId()}`;
    expect(await agentMemory.load(scope, key, 10, testSignal)).toEqual([]);
    await agentMemory.append(
      scope,
      key,
      [
        { role: 'user', text: 'Oi, meu pedido é o 42.' },
        { role: 'assistant', text: 'Certo, pedido 42.' },
      ],
      30,
      testSignal,
    );
    await agentMemory.append(
      scope,
      key,
      [
        { role: 'user', text: 'Qual é o meu pedido?' },
        { role: 'assistant', text: 'O 42.' },
      ],
      30,
      testSignal,
    );
    await agentMemory.append(scope, `${key}-outra`, [{ role: 'user', text: 'x' }], 30, testSignal);
    expect(await agentMemory.load(scope, key, 3, testSignal)).toEqual([
      { role: 'assistant', text: 'Certo, pedido 42.' },
      { role: 'user', text: 'Qual é o meu pedido?' },
      { role: 'assistant', text: 'O 42.' },
    ]);
    const otherWorkspace = { ...scope, workspaceId: `${scope.workspaceId}-outro` };
    expect(await agentMemory.load(otherWorkspace, key, 10, testSignal)).toEqual([]);
  });
}

/** The AI spending: the month's tokens of the workspace against its budget, others apart. */
function itCountsAiTokens(get: () => PortsContractSubject): void {
  it("refuses a workspace's model calls once its tokens of the month reach its budget", async () => {
    const subject = get();
    const { ports, scope } = subject;
    const { aiUsage } = ports;
    const use = { provider: 'openai', model: 'gpt-4o-mini' };
    await expect(aiUsage.check(scope, testSignal)).resolves.toBeUndefined();
    await aiUsage.record(scope, { ...use, entrada: 600, saida: 399 }, testSignal);
    await subject.setAiTokenBudget(1000);
    await expect(aiUsage.check(scope, testSignal)).resolves.toBeUndefined();
    await aiUsage.record(scope, { ...use, entrada: 1, saida: 0 }, testSignal);
    const refused = aiUsage.check(scope, testSignal);
    await expect(refused).rejects.toBeInstanceOf(AiBudgetSpentError);
    await expect(refused).rejects.toThrow(
      /^O orçamento mensal de tokens de IA deste workspace acabou \(1\.000 tokens em [a-zç]+ de \d{4}\)\. Aumente o orçamento em Configurações do workspace ou espere o próximo mês\.$/,
    );
    const otherWorkspace = { ...scope, workspaceId: `${scope.workspaceId}-outro` };
    await expect(aiUsage.check(otherWorkspace, testSignal)).resolves.toBeUndefined();
    await subject.setAiTokenBudget(null);
    await expect(aiUsage.check(scope, testSignal)).resolves.toBeUndefined();
  });
}

/** The storage port: files kept, read, copied, listed and removed with pt-BR refusals. */
function itKeepsFiles(get: () => PortsContractSubject): void {
  it('keeps, reads, copies, lists and removes files of the storage', async () => {
    const { ports, scope } = get();
    const { storage } = ports;
    const text = (value: string) => new TextEncoder().encode(value);
    const m = messages.storage;
    const written = await storage.write(
      scope,
      '/contrato/a.txt',
      text('olá'),
      {
        overwrite: false,
      },
      testSignal,
    );
    expect(written).toEqual({
      path: '/contrato/a.txt',
      name: 'a.txt',
      size: 4,
      mimetype: expect.any(String),
    });
    await expect(
      storage.write(scope, '/contrato/a.txt', text('x'), { overwrite: false }, testSignal),
    ).rejects.toThrow(m.exists('/contrato/a.txt'));
    const read = await storage.read(scope, '/contrato/a.txt', 100, testSignal);
    expect(new TextDecoder().decode(read.content)).toBe('olá');
    expect(read.file).toEqual(written);
    await expect(storage.read(scope, '/contrato/a.txt', 2, testSignal)).rejects.toThrow(/mais de/);
    await expect(storage.read(scope, '/contrato/falta.txt', 100, testSignal)).rejects.toThrow(
      m.notFound,
    );
    expect(await storage.stat(scope, '/contrato/falta.txt', testSignal)).toBeNull();
    expect(await storage.stat(scope, '/contrato/a.txt', testSignal)).toEqual(written);
    const copied = await storage.copy(
      scope,
      '/contrato/a.txt',
      '/contrato/b/c.txt',
      {
        overwrite: false,
      },
      testSignal,
    );
    expect(copied).toMatchObject({ path: '/contrato/b/c.txt', name: 'c.txt', size: 4 });
    expect(await storage.list(scope, '/contrato', testSignal)).toEqual([
      { name: 'b', path: '/contrato/b', size: expect.any(Number), isFolder: true },
      { name: 'a.txt', path: '/contrato/a.txt', size: 4, isFolder: false },
    ]);
    await expect(storage.list(scope, '/contrato/nada', testSignal)).rejects.toThrow();
    await storage.delete(scope, '/contrato', testSignal);
    expect(await storage.stat(scope, '/contrato/b/c.txt', testSignal)).toBeNull();
    await expect(storage.delete(scope, '/', testSignal)).rejects.toThrow(m.rootRefused);
  });
}
