import type { z } from 'zod';
import type {
  NodeCategory,
  NodeManifest,
  nodeManifestSchema,
  paramSpecSchema,
} from '@ponte/shared/flow/node-manifest.schema';
import type { NodeRunContext } from './context';
import type { NodeResult } from './message';
import type { LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import type { NodeOnError } from '@ponte/shared/flow/node-on-error';
import type { EnginePorts, ExecutionScope } from '../ports';
import type { HookSubscriptions, ServiceHook } from './service-hook';
import type { ServicePoller } from './service-poll';

/** A param as authors write it (defaults of the schema may be left out). */
export type ParamSpecInput = z.input<typeof paramSpecSchema>;
type OutputsInput = Record<string, { label: string }>;

/** The value a param holds inside `run`, after expressions are resolved. */
export type ParamValue<S> = S extends { type: 'text' | 'textarea'; valueType: 'any' }
  ? unknown
  : S extends { type: 'text' | 'textarea' | 'select' | 'code-editor' }
    ? string
    : S extends { type: 'number' }
      ? number
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'table-params' }
          ? Record<string, unknown>[]
          : string;

type Present<S> = S extends { required: true }
  ? true
  : S extends { default: unknown }
    ? true
    : false;

/** `required: true` (or a default) narrows the value: it is never undefined inside `run`. */
export type ResolvedParams<P extends Record<string, ParamSpecInput>> = {
  [K in keyof P as Present<P[K]> extends true ? K : never]: ParamValue<P[K]>;
} & {
  [K in keyof P as Present<P[K]> extends true ? never : K]?: ParamValue<P[K]>;
};

export interface NodeDefinitionInput<P extends Record<string, ParamSpecInput>> {
  type: string;
  version: number;
  category: NodeCategory;
  label: string;
  description: string;
  icon: string;
  params: P;
  outputs: OutputsInput;
  dynamicOutputs?: { param: string; key: string };
  deprecated?: boolean;
  /** A service trigger whose address Ponte registers itself (docs/adr/0091). */
  registersHook?: boolean;
  /** The 'Em caso de erro' a new node of this type starts with (docs/adr/0110). */
  onErrorDefault?: NodeOnError;
  run(ctx: NodeRunContext<ResolvedParams<P>>): Promise<NodeResult>;
  /**
   * What the params' kinds cannot say (a cron expression, a time zone, a wait's range), over
   * the raw params as saved (expressions unresolved): a pt-BR problem, or null. The flow
   * validator reports it on save and check, so that a flow cannot be enabled with it.
   */
  checkParams?(params: Record<string, unknown>): string | null;
  /**
   * Called when the execution has nothing else to run while this node still holds state
   * (`ctx.state`): a loop whose body ended without coming back moves on, a merge whose other
   * inputs never came emits what it has.
   */
  onIdle?(ctx: NodeRunContext<ResolvedParams<P>>): Promise<NodeResult>;
}

/** What the registry holds: the manifest plus the functions, with params erased. */
export interface NodeDefinition {
  manifest: NodeManifest;
  run(ctx: NodeRunContext<Record<string, unknown>>): Promise<NodeResult>;
  onIdle?(ctx: NodeRunContext<Record<string, unknown>>): Promise<NodeResult>;
  checkParams?(params: Record<string, unknown>): string | null;
  /**
   * A service connector's trigger (docs/adr/0091): how the server checks and reads what the
   * service delivers to the node's address. Never in the manifest.
   */
  serviceHook?: ServiceHook;
  /**
   * A service trigger whose address Ponte registers at the service by API when the flow is
   * enabled, and removes when it is disabled (docs/adr/0091). Never in the manifest.
   */
  hookSubscriptions?: HookSubscriptions;
  /**
   * A service connector's polling trigger (docs/adr/0091): how the server asks the service
   * for new items on an interval. Never in the manifest.
   */
  poller?: ServicePoller;
  /**
   * The options of a param's picker (`lookup` in its spec), asked through the node's account
   * with the given params' values (docs/adr/0092). Service connectors have it.
   */
  lookupOptions?(name: string, request: LookupRequest): Promise<LookupOption[]>;
}

/** What a picker asks: the account, the node's current params, and the ports to ask with. */
export interface LookupRequest {
  accountId: string;
  params: Record<string, unknown>;
  ports: ConnectorPorts;
  scope: ExecutionScope;
  signal: AbortSignal;
}

/** The ports a service connector's calls use. */
export type ConnectorPorts = Pick<EnginePorts, 'http' | 'clock' | 'serviceAccounts'>;

export type NodeManifestOutput = z.output<typeof nodeManifestSchema>;

export function defineNode<const P extends Record<string, ParamSpecInput>>(
  input: NodeDefinitionInput<P>,
): NodeDefinition {
  const { run, onIdle, checkParams, ...manifest } = input;
  return {
    manifest: manifest as NodeManifest,
    run: run as NodeDefinition['run'],
    ...(onIdle ? { onIdle: onIdle as NodeDefinition['onIdle'] } : {}),
    ...(checkParams ? { checkParams } : {}),
  };
}
