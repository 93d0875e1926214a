import type { AnyServerModule } from './server-module';

/** A module list that cannot be composed: a name provided twice, missing, or a cycle. */
export class ModuleGraphError extends Error {
  override name = 'ModuleGraphError';
}

/**
 * The order to make the modules in: each after every module whose names it needs, otherwise
 * the list's own order (Kahn's algorithm, stable). Fails naming the cycle when there is one.
 */
export function resolveModuleOrder(
  modules: readonly AnyServerModule[],
  rootNames: readonly string[],
): AnyServerModule[] {
  const providerOf = new Map<string, AnyServerModule | null>();
  for (const name of rootNames) providerOf.set(name, null);
  for (const module of modules) {
    for (const name of module.provides as readonly string[]) {
      const earlier = providerOf.get(name);
      if (earlier !== undefined) {
        const who = earlier
          ? `pelos módulos ${earlier.name} e ${module.name}`
          : `pelo app e pelo módulo ${module.name}`;
        throw new ModuleGraphError(`"${name}" é fornecido duas vezes: ${who}.`);
      }
      providerOf.set(name, module);
    }
  }
  const dependencies = new Map<AnyServerModule, Set<AnyServerModule>>();
  for (const module of modules) {
    const on = new Set<AnyServerModule>();
    for (const name of module.needs as readonly string[]) {
      const provider = providerOf.get(name);
      if (provider === undefined) {
        throw new ModuleGraphError(
          `O módulo ${module.name} precisa de "${name}", que nenhum módulo fornece.`,
        );
      }
      if (provider === module) {
        throw new ModuleGraphError(
          `O módulo ${module.name} precisa de "${name}", que ele mesmo fornece.`,
        );
      }
      if (provider) on.add(provider);
    }
    dependencies.set(module, on);
    for (const name of (module.routeNeeds ?? []) as readonly string[]) {
      if (!providerOf.has(name)) {
        throw new ModuleGraphError(
          `As rotas do módulo ${module.name} precisam de "${name}", que nenhum módulo fornece.`,
        );
      }
    }
  }
  const placed = new Set<AnyServerModule>();
  const order: AnyServerModule[] = [];
  while (order.length < modules.length) {
    const next = modules.find(
      (module) => !placed.has(module) && [...dependencies.get(module)!].every((d) => placed.has(d)),
    );
    if (!next) throw new ModuleGraphError(describeCycle(modules, placed, dependencies, providerOf));
    placed.add(next);
    order.push(next);
  }
  return order;
}

/** 'Os módulos formam um ciclo: a precisa de "x" (de b), b precisa de "y" (de a).' */
function describeCycle(
  modules: readonly AnyServerModule[],
  placed: Set<AnyServerModule>,
  dependencies: Map<AnyServerModule, Set<AnyServerModule>>,
  providerOf: Map<string, AnyServerModule | null>,
): string {
  // Walk from any unplaced module along unplaced dependencies until a module repeats.
  const path: AnyServerModule[] = [];
  let current = modules.find((module) => !placed.has(module))!;
  while (!path.includes(current)) {
    path.push(current);
    current = [...dependencies.get(current)!].find((d) => !placed.has(d))!;
  }
  const cycle = path.slice(path.indexOf(current));
  const steps = cycle.map((module, index) => {
    const target = cycle[(index + 1) % cycle.length]!;
    const name = (module.needs as readonly string[]).find((n) => providerOf.get(n) === target)!;
    return `${module.name} precisa de "${name}" (de ${target.name})`;
  });
  return `Os módulos formam um ciclo: ${steps.join(', ')}.`;
}
