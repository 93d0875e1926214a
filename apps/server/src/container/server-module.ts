import type { ProcessRole } from '../cluster/cluster.config';
import type { ModuleConfig } from '../config/module-config';
import type { AccessTable } from '../http/route-access';
import type { RouteScope, RouteScopeName } from '../http/route-scopes';
import type { Provided, ProvidedName } from './provided';

/** The roles a background task runs in (docs/adr/0063, 0066). */
export const roles = {
  /** Every process: `all`, `api` and `worker`. */
  every: ['all', 'api', 'worker'],
  /** The processes that run work: executions, consumers, schedules, maintenance. */
  work: ['all', 'worker'],
  /** The processes that serve the API, the socket and the webhooks. */
  api: ['all', 'api'],
} as const satisfies Record<string, readonly ProcessRole[]>;

/** Whether a process of this role runs work (`all`, `worker`). */
export const runsWork = (role: ProcessRole) => (roles.work as readonly string[]).includes(role);
/** Whether a process of this role serves the API (`all`, `api`). */
export const servesApi = (role: ProcessRole) => (roles.api as readonly string[]).includes(role);

/** A piece of background work a module owns: a retention, a sweep, a scheduler, a socket. */
export interface BackgroundTask {
  /** For messages: 'retenção dos logs'. */
  name: string;
  /** The process roles that run it. */
  runsOn: readonly ProcessRole[];
  start(): void | Promise<void>;
  /** Before the server stops taking connections (a socket to close), in reverse order. */
  drain?(): void | Promise<void>;
  stop(): void | Promise<void>;
}

type Parts<N extends ProvidedName> = Pick<Provided, N>;

/**
 * One server module, declared (docs/adr/0085): what it needs and provides by name, how it is
 * made, its routes by scope, its background tasks with the roles that run them, the tables it
 * owns, and its start and stop. `O` is the part of buildApp's options the module reads.
 *
 * `needs` orders the making; `routeNeeds` are names only its routes use, registered once every
 * module is made (so a route may use what a later module provides without a cycle).
 */
export interface ServerModule<
  N extends ProvidedName = ProvidedName,
  P extends ProvidedName = ProvidedName,
  O = unknown,
  R extends ProvidedName = never,
> {
  /** The module's folder name, for messages. */
  name: string;
  needs: readonly N[];
  provides: readonly P[];
  routeNeeds?: readonly R[];
  /** The database tables the module owns (their SQL names). */
  tables?: readonly string[];
  /**
   * The environment variables the module reads, with their pt-BR refusals (`config.ts` reads
   * them all before the app is built, and main.ts passes their values as `options`).
   */
  config?: readonly ModuleConfig[];
  /** Makes what the module provides; background work starts in `start` or a task, not here. */
  create(needs: Parts<N>, options: O): Parts<P> | Promise<Parts<P>>;
  /**
   * Who may call each of its routes of /api/v1, /engine and /account/v1 (docs/adr/0106): a
   * route missing here stops the start; one hook checks the caller's role against it.
   */
  access?: AccessTable;
  /** Its routes, by scope (the scopes are registered in `routeScopeNames`' order). */
  routes?: Partial<
    Record<
      RouteScopeName,
      (scope: RouteScope, parts: Parts<N | P | R>, options: O) => PromiseLike<unknown>
    >
  >;
  /** Its background tasks; each starts after the module's start, in the roles it names. */
  tasks?: (parts: Parts<N | P>, options: O) => readonly BackgroundTask[];
  /** When the app is ready, in every role, in the resolved order. */
  start?: (parts: Parts<N | P>, options: O) => void | Promise<void>;
  /** When the app closes, in reverse order, after its tasks stopped. */
  stop?: (parts: Parts<N | P>, options: O) => void | Promise<void>;
}

/** Declares a module: its names checked against `Provided`, its options type inferred. */
export function defineModule<
  N extends ProvidedName,
  P extends ProvidedName,
  O = unknown,
  R extends ProvidedName = never,
>(declaration: ServerModule<N, P, O, R>): ServerModule<N, P, O, R> {
  return declaration;
}

/** Any declared module, whatever it needs, provides and reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerModule = ServerModule<any, any, any, any>;

/** The options a module reads. */
export type OptionsOf<M> = M extends { create(needs: never, options: infer O): unknown }
  ? O
  : never;
