import type jsonata from 'jsonata';
import { ExpressionLimitError, expressionLimits, type LimitKind } from './limits';

/**
 * The step guard of every expression (ADR 0018). JSONata calls an entry and an exit hook on
 * each evaluation step and awaits the entry hook, so the guard can:
 * - count the time the evaluation holds the event loop and stop it past its budget;
 * - hand the event loop a turn (`setImmediate`) every few milliseconds, so timers, sockets and
 *   other requests are served while a long expression runs;
 * - stop runaway recursion (depth) and results that grow past the size limits.
 *
 * Hooks are bound once per compiled (cached) expression; the state of each evaluation is kept
 * per evaluation frame (`environment.base`), so concurrent evaluations never share a budget.
 */
export interface Budget {
  /** Milliseconds spent holding the event loop. */
  used: number;
  /** When the current slice (time since the last turn given away) began. */
  sliceStart: number;
  steps: number;
  /** Estimated bytes built so far (see `expressionLimits.createdBytes`). */
  created: number;
  /** The limit that stopped the evaluation, whatever JSONata wrapped it in afterwards. */
  breach?: ExpressionLimitError;
}

type Environment = { base: object & { depth: number } };
type Hook = (
  expr: { type: string },
  input: unknown,
  environment: Environment,
  result?: unknown,
) => unknown;

const budgets = new WeakMap<object, Budget>();
/** The budget of the evaluation being started (its first hook runs synchronously). */
let starting: Budget | undefined;
/** The evaluation whose step ran last, and when: time in between is charged to it. */
let running: Budget | undefined;
let since = 0;

export function newBudget(): Budget {
  return { used: 0, sliceStart: performance.now(), steps: 0, created: 0 };
}

function budgetOf(environment: Environment): Budget {
  let budget = budgets.get(environment.base);
  if (!budget) {
    budget = starting ?? newBudget();
    budgets.set(environment.base, budget);
  }
  return budget;
}

function charge(now: number): void {
  if (running) running.used += now - since;
  since = now;
}

export function breach(budget: Budget | undefined, kind: LimitKind): ExpressionLimitError {
  const error = new ExpressionLimitError(kind);
  if (budget && !budget.breach) budget.breach = error;
  return error;
}

/** The budget of the evaluation a native function runs in (`this.environment` in JSONata). */
export function budgetOfCall(self: unknown): Budget | undefined {
  const environment = (self as { environment?: Environment } | undefined)?.environment;
  return environment ? budgets.get(environment.base) : undefined;
}

function giveTurn(budget: Budget): Promise<void> {
  return new Promise((resolve) =>
    setImmediate(() => {
      const now = performance.now();
      charge(now);
      running = budget;
      budget.sliceStart = now;
      resolve();
    }),
  );
}

const onEntry: Hook = (_expr, _input, environment) => {
  const budget = budgetOf(environment);
  if (budget.breach) throw budget.breach;
  if (running !== budget) {
    charge(performance.now());
    running = budget;
  }
  if (environment.base.depth > expressionLimits.depth) throw breach(budget, 'depth');
  // The clock is read every 16 steps: a step is a few microseconds.
  if ((++budget.steps & 15) !== 0) return undefined;
  const now = performance.now();
  charge(now);
  if (budget.used > expressionLimits.timeMs) throw breach(budget, 'time');
  if (now - budget.sliceStart < expressionLimits.sliceMs) return undefined;
  running = undefined;
  return giveTurn(budget);
};

/** Node types whose result is data built by this step (not a reference to existing data). */
const building = new Set(['binary', 'unary', 'function', 'apply']);

const onExit: Hook = (expr, _input, environment, result) => {
  if (!building.has(expr.type) || result === null || result === undefined) return;
  const budget = budgetOf(environment);
  let bytes = 0;
  if (typeof result === 'string') bytes = result.length;
  else if (Array.isArray(result)) {
    if (result.length > expressionLimits.items) throw breach(budget, 'items');
    bytes = result.length * 8;
  } else if (typeof result === 'object') bytes = 64;
  budget.created += bytes;
  if (budget.created > expressionLimits.createdBytes) throw breach(budget, 'memory');
};

/** Binds the guard's hooks to a compiled expression. */
export function guard(compiled: jsonata.Expression): void {
  // JSONata looks the hooks up by these symbols; its typings only declare string names.
  compiled.assign(Symbol.for('jsonata.__evaluate_entry') as unknown as string, onEntry);
  compiled.assign(Symbol.for('jsonata.__evaluate_exit') as unknown as string, onExit);
}

/** Evaluates a guarded expression under a fresh budget; a limit error wins over any wrapping. */
export async function evaluateWithin(
  compiled: jsonata.Expression,
  input: unknown,
): Promise<unknown> {
  const budget = newBudget();
  starting = budget;
  let pending: Promise<unknown>;
  try {
    pending = compiled.evaluate(input);
  } finally {
    starting = undefined;
  }
  try {
    return await pending;
  } catch (error) {
    throw budget.breach ?? error;
  } finally {
    if (running === budget) {
      charge(performance.now());
      running = undefined;
    }
  }
}
