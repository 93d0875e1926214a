import type { FastifyRequest, RouteOptions } from 'fastify';
import { messages } from '@ponte/shared/messages';
import {
  can,
  deniedBecause,
  keyDeniedBecause,
  scopeAllows,
  type Permission,
} from '@ponte/shared/roles';
import { forbidden, roleDenied, unauthorized } from '../lib/app-error';

/**
 * Who may call a route (docs/adr/0106): a permission the caller's role must have, `session`
 * (any member signed in: their own profile, their workspaces), or `public` (no session: sign-in,
 * the first account, an OAuth2 return).
 */
export type RouteAccess = Permission | 'session' | 'public';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A module's routes, `'METHOD /full/path/:param'` (the HEAD of a GET is the GET's). */
export type AccessTable = Readonly<Partial<Record<`${Method} /${string}`, RouteAccess>>>;

export interface RouteAccessGuard {
  /** Every module's table, merged: the route key and its access. */
  readonly table: ReadonlyMap<string, RouteAccess>;
  /** onRoute of a guarded scope: a route no table lists stops the start. */
  onRoute(route: RouteOptions): void;
  /** preValidation of a guarded scope (after every onRequest, so after the session). */
  check(request: FastifyRequest): Promise<void>;
}

const keysOf = (method: string | string[], url: string) =>
  [method].flat().map((m) => `${m === 'HEAD' ? 'GET' : m} ${url}`);

/** Merges the modules' tables; a route in two tables stops the start. */
export function routeAccessGuard(
  tables: readonly { module: string; access: AccessTable }[],
): RouteAccessGuard {
  const table = new Map<string, RouteAccess>();
  const owner = new Map<string, string>();
  for (const { module, access } of tables) {
    for (const [key, value] of Object.entries(access)) {
      if (owner.has(key)) {
        throw new Error(
          `A rota ${key} está nas tabelas de acesso de ${owner.get(key)} e de ${module}.`,
        );
      }
      owner.set(key, module);
      table.set(key, value as RouteAccess);
    }
  }
  return {
    table,
    onRoute(route) {
      for (const key of keysOf(route.method, route.url)) {
        if (!table.has(key)) {
          throw new Error(
            `A rota ${key} não está na tabela de acesso de nenhum módulo (docs/adr/0106).`,
          );
        }
      }
    },
    async check(request) {
      const url = request.routeOptions.url;
      if (!url) return;
      const access = table.get(keysOf(request.method, url)[0]!);
      if (access === 'public') return;
      const session = request.auth;
      if (!session) throw unauthorized();
      if (access === undefined) throw forbidden();
      if (session.scopes) {
        // An API key: its scopes, never a person's routes.
        if (access === 'session') throw roleDenied(messages.apiKeys.personOnly);
        if (!scopeAllows(session.scopes, access)) throw roleDenied(keyDeniedBecause(access));
        return;
      }
      if (access === 'session') return;
      if (!can(session.role, access)) throw roleDenied(deniedBecause(session.role, access));
    },
  };
}
