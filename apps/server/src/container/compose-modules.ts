import type { ProcessRole } from '../cluster/cluster.config';
import { resolveModuleOrder } from './module-order';
import type { Provided } from './provided';
import type { AnyServerModule, BackgroundTask } from './server-module';
import type { RouteScope, RouteScopeName } from '../http/route-scopes';

/** The composed modules: what they provide, and their routes, start and stop in order. */
export interface ComposedModules {
  /** Every name provided, the root's included. */
  readonly parts: Provided;
  /** The modules in the order they were made. */
  readonly order: readonly AnyServerModule[];
  /** Registers every module's routes of one scope, in order. */
  registerRoutes(scopeName: RouteScopeName, scope: RouteScope): Promise<void>;
  /** Modules' starts, then their tasks of this role, in order. */
  start(): Promise<void>;
  /** Tasks' drains (sockets to close before the server stops), in reverse order. */
  drain(): Promise<void>;
  /** Tasks then modules stopped in reverse order; every stop runs even when one fails. */
  stop(): Promise<void>;
}

/**
 * Makes the modules in their resolved order (docs/adr/0085), each given what it needs from the
 * root's names and the modules made before it.
 */
export async function composeModules<O>(input: {
  modules: readonly AnyServerModule[];
  root: Partial<Provided>;
  options: O;
  role: ProcessRole;
  onStopError: (error: unknown, module: string) => void;
}): Promise<ComposedModules> {
  const { options, role } = input;
  const order = resolveModuleOrder(input.modules, Object.keys(input.root));
  const parts: Record<string, unknown> = { ...input.root };
  const pick = (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, parts[name]]));
  for (const module of order) {
    const made = (await module.create(pick(module.needs), options)) as Record<string, unknown>;
    for (const name of module.provides as readonly string[]) {
      if (!(name in made)) {
        throw new Error(`O módulo ${module.name} não forneceu "${name}", que declarou.`);
      }
      parts[name] = made[name];
    }
  }
  const own = (module: AnyServerModule) => pick([...module.needs, ...module.provides]);
  const tasks = new Map<AnyServerModule, readonly BackgroundTask[]>(
    order.map((module) => [
      module,
      (module.tasks?.(own(module), options) ?? []).filter((task) => task.runsOn.includes(role)),
    ]),
  );
  const reversed = [...order].reverse();
  return {
    parts: parts as unknown as Provided,
    order,
    async registerRoutes(scopeName, scope) {
      for (const module of order) {
        const names = [...module.needs, ...module.provides, ...(module.routeNeeds ?? [])];
        await module.routes?.[scopeName]?.(scope, pick(names), options);
      }
    },
    async start() {
      for (const module of order) {
        await module.start?.(own(module), options);
        for (const task of tasks.get(module)!) await task.start();
      }
    },
    async drain() {
      for (const module of reversed) {
        for (const task of [...tasks.get(module)!].reverse()) await task.drain?.();
      }
    },
    async stop() {
      for (const module of reversed) {
        for (const task of [...tasks.get(module)!].reverse()) {
          await settle(
            () => task.stop(),
            (error) => input.onStopError(error, module.name),
          );
        }
        await settle(
          () => module.stop?.(own(module), options),
          (error) => input.onStopError(error, module.name),
        );
      }
    },
  };
}

async function settle(run: () => unknown, onError: (error: unknown) => void) {
  try {
    await run();
  } catch (error) {
    onError(error);
  }
}
