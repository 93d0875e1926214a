import { describe, expect, it } from 'vitest';
import { composeModules } from './compose-modules';
import { ModuleGraphError, resolveModuleOrder } from './module-order';
import { roles, type AnyServerModule } from './server-module';

/** A module that records its making, start and stop in `calls`. */
function module(
  name: string,
  needs: string[],
  provides: string[],
  calls: string[],
  extra: Partial<AnyServerModule> = {},
): AnyServerModule {
  return {
    name,
    needs,
    provides,
    create: (parts: Record<string, unknown>) => {
      calls.push(`create ${name} with ${Object.keys(parts).join(',')}`);
      return Object.fromEntries(provides.map((p) => [p, `${p} of ${name}`]));
    },
    start: () => void calls.push(`start ${name}`),
    stop: () => void calls.push(`stop ${name}`),
    ...extra,
  };
}

const compose = (modules: AnyServerModule[], role: 'all' | 'api' | 'worker' = 'all') =>
  composeModules({
    modules,
    root: { now: () => new Date() },
    options: {},
    role,
    onStopError: () => {},
  });

describe('the module container', () => {
  it('makes each module after the ones it needs, the list breaking ties, and stops in reverse', async () => {
    const calls: string[] = [];
    const composed = await compose([
      module('executions', ['flows', 'engine'], ['runner'], calls),
      module('flows', ['now'], ['flows'], calls),
      module('engine', [], ['engine'], calls),
    ]);
    expect(composed.order.map((m) => m.name)).toEqual(['flows', 'engine', 'executions']);
    await composed.start();
    await composed.stop();
    expect(calls).toEqual([
      'create flows with now',
      'create engine with ',
      'create executions with flows,engine',
      'start flows',
      'start engine',
      'start executions',
      'stop executions',
      'stop engine',
      'stop flows',
    ]);
  });

  it('fails at start naming the cycle', () => {
    const calls: string[] = [];
    expect(() =>
      resolveModuleOrder(
        [
          module('health', [], [], calls),
          module('engine', ['runner'], ['engine'], calls),
          module('executions', ['engine'], ['runner'], calls),
        ],
        [],
      ),
    ).toThrow(
      new ModuleGraphError(
        'Os módulos formam um ciclo: engine precisa de "runner" (de executions), executions precisa de "engine" (de engine).',
      ),
    );
  });

  it('fails at start on a name nobody provides or one provided twice', () => {
    const calls: string[] = [];
    expect(() => resolveModuleOrder([module('flows', ['library'], [], calls)], [])).toThrow(
      'O módulo flows precisa de "library", que nenhum módulo fornece.',
    );
    expect(() =>
      resolveModuleOrder([module('a', [], ['log'], calls), module('b', [], ['log'], calls)], []),
    ).toThrow('"log" é fornecido duas vezes: pelos módulos a e b.');
    expect(() =>
      resolveModuleOrder([module('a', [], [], calls, { routeNeeds: ['engine'] })], []),
    ).toThrow('As rotas do módulo a precisam de "engine", que nenhum módulo fornece.');
  });

  it('starts each task only in the roles it names, and stops every one even when one fails', async () => {
    const calls: string[] = [];
    const task = (name: string, runsOn: readonly ('all' | 'api' | 'worker')[], fail = false) => ({
      name,
      runsOn,
      start: () => void calls.push(`start ${name}`),
      stop: () => {
        calls.push(`stop ${name}`);
        if (fail) throw new Error(name);
      },
    });
    const modules = [
      module('logs', [], [], calls, {
        start: undefined,
        stop: undefined,
        tasks: () => [task('retention', roles.work, true), task('socket', roles.api)],
      }),
    ];
    const api = await compose(modules, 'api');
    await api.start();
    await api.stop();
    const worker = await compose(modules, 'worker');
    await worker.start();
    await worker.stop();
    expect(calls.filter((c) => !c.startsWith('create'))).toEqual([
      'start socket',
      'stop socket',
      'start retention',
      'stop retention',
    ]);
  });

  it('gives routes the names they need from modules made later', async () => {
    const calls: string[] = [];
    const seen: unknown[] = [];
    const composed = await compose([
      module('custom-nodes', [], ['library'], calls, {
        routeNeeds: ['engine'],
        routes: { api: async (_scope, parts) => void seen.push(parts) },
      }),
      module('engine', ['library'], ['engine'], calls),
    ]);
    await composed.registerRoutes('api', {} as never);
    expect(seen).toEqual([{ library: 'library of custom-nodes', engine: 'engine of engine' }]);
  });
});
