import type { FastifyRequest } from 'fastify';
import { createEngine, type Engine } from '@ponte/engine/engine';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { EngineLimits } from '@ponte/engine/executor/limits';
import type { Sandbox } from '@ponte/engine/sandbox/sandbox';
import { createEnginePorts } from '../../adapters/engine-ports';
import { approvalLinkKey } from '../../adapters/approval-waits-port';
import { createStoragePort } from '../../adapters/storage-port';
import { stateChannels } from '../../cluster/state-channels';
import { defineModule } from '../../container/server-module';
import { publicBaseUrl } from '../../lib/public-url';
import { engineControlRoutes } from './engine-control.routes';
import { connectorLookupRoutes } from './connector-lookups.routes';
import { engineRoutes } from './engine.routes';
import { createEngineService } from './engine.service';
import { engineAccess } from './engine.access';

declare module '../../container/provided' {
  interface Provided {
    /** The engine, whose only ways out are its ports (DESIGN.md §5). */
    engine: Engine;
  }
}

export interface EngineOptions {
  /** Node types beside the built-in library (custom connectors, tests). */
  nodes?: NodeDefinition[];
  /** The code sandbox (default: isolated-vm). */
  sandbox?: Sandbox;
  /** PONTE_SANDBOX_ISOLATES: isolates of the default code sandbox (default 4). */
  sandboxIsolates?: number;
  engineLimits?: Partial<EngineLimits>;
  /** PEM certificates FTPS servers may present besides the system's CAs (a private CA; tests). */
  ftpTrustedCa?: string;
}

/**
 * The engine over the server's ports (the network guard in front of every way out), and the
 * /engine routes: the library, the status, stop and restart of a workspace's engine.
 */
export const engineModule = defineModule({
  name: 'engine',
  access: engineAccess,
  needs: [
    'db',
    'now',
    'network',
    'outboundHttp',
    'serviceAccounts',
    'oauth2',
    'accountTokens',
    'variablesReader',
    'storage',
    'queuesPort',
    'securityHooks',
    'publicUrl',
    'config',
  ],
  provides: ['engine'],
  // The agents' conversations, written and read by the engine's memory port (docs/adr/0099).
  tables: ['agent_memories'],
  routeNeeds: [
    'library',
    'customNodeLibrary',
    'executions',
    'runner',
    'triggers',
    'debug',
    'queues',
    'bus',
  ],
  create(parts, options: EngineOptions) {
    const engine = createEngine({
      ports: createEnginePorts(parts.db, {
        variables: parts.variablesReader,
        http: parts.outboundHttp,
        network: parts.network,
        now: parts.now,
        serviceAccounts: parts.serviceAccounts,
        tokenSources: parts.accountTokens,
        configuredHosts: parts.oauth2.configuredHosts,
        ...(options.ftpTrustedCa ? { ftpTrustedCa: options.ftpTrustedCa } : {}),
        storage: createStoragePort(parts.storage),
        queues: parts.queuesPort,
        publicUrl: parts.publicUrl,
        approvalLinkKey: approvalLinkKey(parts.config.encryptionKey),
      }),
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      ...(options.sandboxIsolates ? { sandboxIsolates: options.sandboxIsolates } : {}),
      ...(parts.securityHooks.onSandboxKilled
        ? { onSandboxKilled: parts.securityHooks.onSandboxKilled }
        : {}),
      ...(options.engineLimits ? { limits: options.engineLimits } : {}),
      nodes: options.nodes ?? [],
    });
    return { engine };
  },
  routes: {
    engine: async (engine, parts) => {
      const { library, customNodeLibrary, executions, runner, debug, bus } = parts;
      const service = createEngineService({
        workspaceLibrary: customNodeLibrary,
        manifests: () => library.manifests(),
        olderManifests: () => library.olderManifests(),
        lookup: library.manifest,
        checkParams: library.checkParams,
        executions: {
          runningCount: async (workspaceId) => (await executions.running(workspaceId)).length,
          stop: (workspaceId, executionId) => runner.stop(workspaceId, executionId),
          stopAll: (workspaceId) => runner.stopAll(workspaceId),
        },
        scheduledJobs: (workspaceId) => parts.triggers.scheduledCount(workspaceId),
        // Every process reloads the workspace's triggers and consumers (docs/adr/0066).
        reloadTriggers: (workspaceId) =>
          bus.publish(stateChannels.workspaceReload, { workspaceId }),
        stopDebugSessions: (workspaceId) => debug.control.stopWorkspace(workspaceId),
        registeredQueues: (workspaceId) => parts.queues.count(workspaceId),
      });
      await engine.register(engineRoutes, { service });
      await engine.register(connectorLookupRoutes, { engine: parts.engine });
      await engine.register(engineControlRoutes, {
        service,
        publicUrl: (request: FastifyRequest) => publicBaseUrl(request, parts.publicUrl),
        lgpdMask: runner.lgpdMask,
      });
    },
  },
  stop: ({ engine }) => engine.dispose(),
});
