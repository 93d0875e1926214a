import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { ClusterOptions } from '../cluster/cluster';
import type { Database, DatabaseHandle } from '../db/client';
import type { FastifyApp } from '../http/create-fastify';

/** The settings of the instance that buildApp is given whole (main.ts reads them). */
export type InstanceConfig = Pick<
  AppConfig,
  'jwtSecret' | 'encryptionKey' | 'admin' | 'docsUrl' | 'supportUrl' | 'webDist'
> &
  Partial<Pick<AppConfig, 'jwtSecretSeed'>>;

/**
 * What the server's modules provide to one another, by name (docs/adr/0085). Here, what the
 * app itself gives every module; each module adds its own names beside its declaration, with
 *
 * ```ts
 * declare module '../../container/provided' {
 *   interface Provided { flows: FlowsService }
 * }
 * ```
 *
 * so that adding a module touches its own folder and one line of the list in app.ts.
 */
export interface Provided {
  /** The HTTP application (plugins and hooks; routes go through a module's `routes`). */
  app: FastifyApp;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  db: Database;
  /** The clock of tokens and timestamps (tests move it). */
  now: () => Date;
  /** PONTE_ROLE, the processes' bus and Redis (docs/adr/0063). */
  cluster: ClusterOptions;
  config: InstanceConfig;
  /** PONTE_PUBLIC_URL: the address shown for the engine and webhooks (null: the request's). */
  publicUrl: string | null;
}

export type ProvidedName = keyof Provided;
