import type { LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { NodeDefinition } from './kit/define-node';
import type { PollOutcome } from './kit/service-poll';
import { createRegistry, type NodeRegistry } from './kit/registry';
import type { EngineWidePorts } from './ports';
import type { Sandbox, SandboxKill } from './sandbox/sandbox';
import { createIsolatedSandbox } from './sandbox/isolated-sandbox';
import { createDebugSession, type DebugSession } from './debugger/debug-session';
import type { ExecutionResult } from './executor/events';
import { runExecution, type ExecuteOptions } from './executor/execution';
import { defaultLimits, type EngineLimits } from './executor/limits';
import { realTimers, type EngineTimers } from './executor/timers';
import { builtinNodes } from './nodes/index';

export interface EngineOptions {
  /** Every port but `flows`, which each execution may bring (`ExecuteOptions.flows`). */
  ports: EngineWidePorts;
  /** The code sandbox for core_code and custom connectors (default: isolated-vm). */
  sandbox?: Sandbox;
  limits?: Partial<EngineLimits>;
  /** Isolates of the default sandbox (default 2); one workspace holds at most half. */
  sandboxIsolates?: number;
  /** Told of every run the default sandbox kills for its time or memory (security log). */
  onSandboxKilled?: (kill: SandboxKill) => void;
  /** Extra node types (custom connectors, tests) registered beside the built-in library. */
  nodes?: NodeDefinition[];
  /** The executor's clock: time limits and durations (default: real time). */
  timers?: EngineTimers;
}

export interface Engine {
  readonly registry: NodeRegistry;
  readonly limits: EngineLimits;
  /** The library: the newest version of every node type, without `run`. */
  manifests(): NodeManifest[];
  execute(options: ExecuteOptions): Promise<ExecutionResult>;
  /**
   * A picker's options (docs/adr/0092): the node type's lookup through a workspace's account,
   * over the engine's ports (the network guard). Rejects in pt-BR.
   */
  lookup(request: EngineLookup): Promise<LookupOption[]>;
  /**
   * Registers a trigger node's address at its service, or removes the registration `id`
   * (docs/adr/0091), through the node's account over the engine's ports. Rejects in pt-BR.
   */
  subscribeHook(request: EngineHookSubscription): Promise<string>;
  unsubscribeHook(request: EngineHookSubscription, id: string): Promise<void>;
  /**
   * One poll of a polling trigger node (docs/adr/0091) through its account, over the engine's
   * ports. Rejects in pt-BR.
   */
  poll(request: EnginePoll): Promise<PollOutcome>;
  createDebugSession(): DebugSession;
  /** Frees the sandbox's isolates. */
  dispose(): void;
}

export interface EngineLookup {
  workspaceId: string;
  type: string;
  version?: number;
  lookup: string;
  accountId: string;
  /** The node's params as the panel holds them (those the picker depends on). */
  params: Record<string, unknown>;
  signal: AbortSignal;
}

export interface EngineHookSubscription {
  workspaceId: string;
  flowId: string;
  type: string;
  version?: number;
  accountId: string;
  params: Record<string, unknown>;
  /** The node's public address. */
  address: string;
  secret: string;
  signal: AbortSignal;
}

export interface EnginePoll {
  workspaceId: string;
  flowId: string;
  type: string;
  version?: number;
  /** The node's params as saved (its account in `service_account`). */
  params: Record<string, unknown>;
  /** What the last poll stored, or null. */
  cursor: unknown;
  signal: AbortSignal;
}

export function createEngine(options: EngineOptions): Engine {
  const registry = createRegistry([...builtinNodes, ...(options.nodes ?? [])]);
  const limits: EngineLimits = { ...defaultLimits, ...options.limits };
  const sandbox =
    options.sandbox ??
    createIsolatedSandbox({
      limits: limits.sandbox,
      ...(options.sandboxIsolates ? { poolSize: options.sandboxIsolates } : {}),
      ...(options.onSandboxKilled ? { onKilled: options.onSandboxKilled } : {}),
    });
  const timers = options.timers ?? realTimers;
  const deps = { registry, ports: options.ports, sandbox, limits, timers };
  /** A registration is not an execution: the scope names the workspace and the flow. */
  const subscriptionRequest = async (request: EngineHookSubscription) => {
    const { workspaceId, flowId, type, version, ...rest } = request;
    const subscriptions = registry.get(type, version)?.hookSubscriptions;
    if (!subscriptions) throw new Error(`O gatilho ${type} não se registra no serviço.`);
    const scope = { workspaceId, flowId, executionId: '' };
    const full = { ...rest, ports: options.ports, scope };
    return {
      subscribe: () => subscriptions.subscribe(full),
      unsubscribe: (id: string) => subscriptions.unsubscribe(full, id),
    };
  };
  return {
    registry,
    limits,
    manifests: () => registry.manifests(),
    execute: (execution) => runExecution(deps, execution),
    async lookup({ workspaceId, type, version, lookup, accountId, params, signal }) {
      const definition = registry.get(type, version);
      if (!definition?.lookupOptions) throw new Error(`O conector ${type} não tem listas.`);
      // A picker is not an execution: the scope names only the workspace.
      const scope = { workspaceId, flowId: '', executionId: '' };
      const request = { accountId, params, ports: options.ports, scope, signal };
      return definition.lookupOptions(lookup, request);
    },
    subscribeHook: (request) => subscriptionRequest(request).then((r) => r.subscribe()),
    unsubscribeHook: (request, id) => subscriptionRequest(request).then((r) => r.unsubscribe(id)),
    async poll({ workspaceId, flowId, type, version, params, cursor, signal }) {
      const poller = registry.get(type, version)?.poller;
      if (!poller) throw new Error(`O conector ${type} não consulta serviços.`);
      // A poll is not an execution: the scope names the workspace and the flow.
      const scope = { workspaceId, flowId, executionId: '' };
      const accountId = String(params.service_account ?? '');
      return poller.poll({ accountId, params, cursor, ports: options.ports, scope, signal });
    },
    createDebugSession,
    dispose: () => sandbox.dispose(),
  };
}
