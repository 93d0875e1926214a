import { z } from 'zod';
import { ConfigError } from '../config/config-error';
import { defineModuleConfig, type ConfigEnv } from '../config/module-config';
import { wholeNumber } from '../config/whole-number';

/** What a process does (docs/adr/0063): everything, the HTTP side, or the executions. */
export const processRoles = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof processRoles)[number];

const variables = [
  {
    name: 'PONTE_ROLE',
    default: 'all',
    description:
      'O que este processo faz: all (tudo), api (HTTP, socket e webhooks; enfileira) ou worker (roda execuções, consumidores de filas e agendamentos). api e worker exigem DATABASE_URL e REDIS_URL.',
  },
  {
    name: 'PONTE_REDIS_PREFIX',
    default: 'ponte',
    description:
      'Prefixo das chaves e canais do Ponte no Redis; instâncias diferentes no mesmo Redis usam prefixos diferentes.',
  },
  {
    name: 'PONTE_LEASE_SECONDS',
    default: '30',
    description:
      'Segundos sem sinal de vida depois dos quais as execuções de um processo que parou são marcadas como crashed por outro processo.',
  },
  {
    name: 'PONTE_SHUTDOWN_GRACE_SECONDS',
    default: '20',
    description:
      'Ao encerrar (SIGTERM), segundos que as execuções em andamento têm para terminar; depois são interrompidas, ou devolvidas à fila para outro processo quando há REDIS_URL.',
  },
];

const envShape = {
  PONTE_ROLE: z.enum(processRoles, { error: 'deve ser all, api ou worker' }).default('all'),
  PONTE_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, {
      error: 'deve ter de 1 a 40 letras, números, _ ou -',
    })
    .default('ponte'),
  PONTE_LEASE_SECONDS: wholeNumber(3, 600).default(30),
  PONTE_SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 3600).default(20),
};

export interface ClusterConfig {
  /** PONTE_ROLE. */
  role: ProcessRole;
  /** PONTE_REDIS_PREFIX: every key and channel of this instance in Redis. */
  redisPrefix: string;
  /** PONTE_LEASE_SECONDS in ms: a process silent this long has its executions crashed. */
  leaseMs: number;
  /**
   * PONTE_SHUTDOWN_GRACE_SECONDS in ms: on shutdown, how long running executions have to end
   * before they are stopped (alone) or handed back to the queue (distributed).
   */
  shutdownGraceMs: number;
  /**
   * DATABASE_URL and REDIS_URL both set: executions, schedules and internal queues go through
   * Redis, and any number of processes may share the database.
   */
  distributed: boolean;
}

/** Its own variables and the two that decide whether processes share: the database's, Redis'. */
type ClusterEnv = ConfigEnv<typeof envShape> & {
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
};

/** The cluster settings; api and worker without both DATABASE_URL and REDIS_URL are refused. */
function clusterConfigOf(parsed: ClusterEnv): ClusterConfig {
  const distributed = Boolean(parsed.DATABASE_URL && parsed.REDIS_URL);
  if (parsed.PONTE_ROLE !== 'all' && !distributed) {
    const missing = [
      parsed.DATABASE_URL ? null : 'DATABASE_URL',
      parsed.REDIS_URL ? null : 'REDIS_URL',
    ].filter(Boolean);
    throw new ConfigError(
      `PONTE_ROLE=${parsed.PONTE_ROLE} exige ${missing.join(' e ')}: processos separados de API e de execução compartilham um PostgreSQL e um Redis. Sem eles, use PONTE_ROLE=all (um processo faz tudo).`,
    );
  }
  return {
    role: parsed.PONTE_ROLE,
    redisPrefix: parsed.PONTE_REDIS_PREFIX,
    leaseMs: parsed.PONTE_LEASE_SECONDS * 1000,
    shutdownGraceMs: (parsed.PONTE_SHUTDOWN_GRACE_SECONDS ?? 20) * 1000,
    distributed,
  };
}

/** PONTE_ROLE, PONTE_REDIS_PREFIX, PONTE_LEASE_SECONDS (docs/adr/0063), with the databases'. */
export const clusterConfig = defineModuleConfig({
  variables,
  envShape,
  read: (parsed: ClusterEnv) => ({ cluster: clusterConfigOf(parsed) }),
});
