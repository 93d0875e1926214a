import type {
  FlowDocument,
  FlowEdge,
  FlowNode,
  FlowPins,
} from '@ponte/shared/flow/flow-document.schema';
import type { IncomingEdge, WebhookResponse } from '../kit/context';
import type { NodeDefinition } from '../kit/define-node';
import { emissions, type Message, type NodeEmission } from '../kit/message';
import type { NodeRegistry } from '../kit/registry';
import { withNodes } from '../kit/layered-registry';
import { StopExecution } from '../kit/stop-execution';
import { createFlowData } from '../kit/flow-data';
import { createLogBudget } from './log-budget';
import type { EnginePorts, EngineWidePorts, FlowsPort } from '../ports';
import type { Sandbox } from '../sandbox/sandbox';
import type { DebugSession } from '../debugger/debug-session';
import { holdForDebug } from '../debugger/hold-for-debug';
import type {
  EngineEvent,
  ExecutionError,
  ExecutionResult,
  ExecutionStatus,
  NodeRunRecord,
} from './events';
import { limitMessages, type EngineLimits } from './limits';
import { ParamError } from '../expressions/resolve-params';
import { buildNodeContext, expressionData, type ExecutionScopeData } from './node-context';
import type { EngineTimers } from './timers';

export interface ExecuteOptions {
  executionId: string;
  workspaceId: string;
  flowId: string;
  /** Executions that started one another before this one (0 from outside). */
  chainDepth?: number;
  flow: FlowDocument;
  /** The flow's own variables: they win over workspace and system ones. */
  flowVariables?: { key: string; value: string }[];
  /** The trigger node and the message the server built from the event. */
  trigger: { nodeUid: string; msg: Message };
  /** Replay: deliver this message straight to this node instead of running the trigger. */
  startAt?: { nodeUid: string; msg: Message };
  debug?: DebugSession;
  signal?: AbortSignal;
  respond?: (response: WebhookResponse) => void;
  onEvent?: (event: EngineEvent) => void;
  /**
   * Node types this execution brings beside the engine's (the workspace's custom connectors at
   * the versions the flow pins, docs/adr/0041); only this execution sees them.
   */
  nodes?: readonly NodeDefinition[];
  /**
   * How this execution runs other flows (`core_execute_flow`): the server's runner gives its
   * own; absent, the engine's `ports.flows`.
   */
  flows?: FlowsPort;
  /**
   * Told of every node run with the JSON of what it received and sent (docs/adr/0089);
   * absent, nothing is captured.
   */
  capture?: (record: NodeRunRecord) => void;
  /**
   * Editor runs only, never production ones (docs/adr/0089): only `destination` and the nodes
   * leading to it run, and nothing after it; a node with pins sends them instead of running.
   */
  editor?: { destination: string; pins?: FlowPins };
}

export interface ExecutorDeps {
  registry: NodeRegistry;
  ports: EngineWidePorts;
  sandbox: Sandbox;
  limits: EngineLimits;
  timers: EngineTimers;
}

/** Executions of an engine that has no flows port and that bring none run no other flow. */
const noFlows: FlowsPort = {
  execute: () => Promise.reject(new Error('Esta execução não pode chamar outros flows.')),
};

interface Delivery {
  uid: string;
  msg: Message;
  from?: IncomingEdge;
  /** JSON size of `msg`: counted from the moment it waits until its node has run. */
  bytes: number;
}

/** Deliveries of one execution running at the same time (independent branches). */
const maxConcurrent = 32;
const abortGraceMs = 1000;
/**
 * The ports as this execution's nodes see them: its own flows port over the engine's, and
 * every HTTP request carries the chain depth.
 */
function chainedPorts(ports: EngineWidePorts, chainDepth: number, flows?: FlowsPort): EnginePorts {
  return {
    ...ports,
    flows: flows ?? ports.flows ?? noFlows,
    http: { request: (request) => ports.http.request({ ...request, chainDepth: chainDepth + 1 }) },
  };
}

function byteSize(msg: Message): number {
  return Buffer.byteLength(JSON.stringify(msg) ?? '');
}

function labelOf(node: FlowNode, definition?: NodeDefinition): string {
  return node.label || definition?.manifest.label || node.uid;
}

export function runExecution(
  deps: ExecutorDeps,
  options: ExecuteOptions,
): Promise<ExecutionResult> {
  const registry = options.nodes?.length ? withNodes(deps.registry, options.nodes) : deps.registry;
  return new Execution({ ...deps, registry }, options).run();
}

class Execution {
  private readonly nodes = new Map<string, FlowNode>();
  private readonly outgoing = new Map<string, FlowEdge[]>();
  private readonly incoming = new Map<string, IncomingEdge[]>();
  private readonly controller = new AbortController();
  private readonly states = new Map<string, unknown>();
  private readonly holding: string[] = [];
  private readonly lastInput = new Map<string, Message>();
  private readonly pending: Delivery[] = [];
  private inflight = 0;
  /** Bytes of the messages waiting for a node or being run by one (limits.maxWaitingBytes). */
  private waitingBytes = 0;
  private steps = 0;
  private ended = false;
  private lastMessage: Message | undefined;
  private outcome: { status: ExecutionStatus; error?: ExecutionError } = { status: 'success' };
  private finish!: () => void;
  private shared!: ExecutionScopeData;

  constructor(
    private readonly deps: ExecutorDeps,
    private readonly options: ExecuteOptions,
  ) {
    for (const node of options.flow.nodes) this.nodes.set(node.uid, node);
    for (const edge of options.flow.edges) {
      this.outgoing.set(`${edge.source}\0${edge.sourceOutput}`, [
        ...(this.outgoing.get(`${edge.source}\0${edge.sourceOutput}`) ?? []),
        edge,
      ]);
      const into = this.incoming.get(edge.target) ?? [];
      into.push({ source: edge.source, sourceOutput: edge.sourceOutput });
      this.incoming.set(edge.target, into);
    }
  }

  private emit(event: EngineEvent): void {
    this.options.onEvent?.(event);
  }

  private base() {
    return {
      execution_id: this.options.executionId,
      flow_id: this.options.flowId,
      timestamp: this.deps.ports.clock.now(),
    };
  }

  async run(): Promise<ExecutionResult> {
    const { options, deps } = this;
    const { timers } = deps;
    const started = timers.now();
    const first = options.startAt ?? options.trigger;
    const triggerNode = this.nodes.get(options.trigger.nodeUid);
    this.emit({
      ...this.base(),
      type: 'execution_started',
      trigger_node_uid: options.trigger.nodeUid,
      trigger_type: triggerNode?.type ?? '',
    });
    const done = new Promise<void>((resolve) => (this.finish = resolve));
    const onAbort = () => this.end('stopped', { message: limitMessages.stopped });
    options.signal?.addEventListener('abort', onAbort);
    options.debug?.signal.addEventListener('abort', onAbort);
    const deadline = timers.setTimeout(
      () => this.end('error', { message: limitMessages.duration(deps.limits.maxDurationMs) }),
      deps.limits.maxDurationMs,
    );
    try {
      if (options.signal?.aborted || options.debug?.signal.aborted) onAbort();
      const refused = this.refusal();
      if (refused) this.end('error', refused);
      const chainDepth = options.chainDepth ?? 0;
      const scope = {
        workspaceId: options.workspaceId,
        flowId: options.flowId,
        executionId: options.executionId,
        ...(chainDepth ? { chainDepth } : {}),
      };
      const flowVariables = Object.fromEntries(
        (options.flowVariables ?? []).map(({ key, value }) => [key, value]),
      );
      const vars = this.ended
        ? {}
        : { ...(await deps.ports.variables.all(scope, this.controller.signal)), ...flowVariables };
      this.shared = {
        scope,
        ports: chainedPorts(deps.ports, chainDepth, options.flows),
        sandbox: deps.sandbox,
        flow: createFlowData({}),
        logs: createLogBudget(),
        vars,
        flowVariables,
        signal: this.controller.signal,
        ...(options.respond ? { respond: options.respond } : {}),
        emit: (event) => this.emit(event),
        stateOf: (uid) => this.stateOf(uid),
      };
      if (!this.ended)
        this.schedule({ uid: first.nodeUid, msg: first.msg, bytes: byteSize(first.msg) });
    } catch (error) {
      this.end('error', { message: error instanceof Error ? error.message : String(error) });
    }
    await done;
    timers.clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onAbort);
    options.debug?.signal.removeEventListener('abort', onAbort);
    options.debug?.executionEnded();
    const execution_time = Math.round(timers.now() - started);
    const { status, error } = this.outcome;
    this.emit({
      ...this.base(),
      type: 'execution_finished',
      status,
      execution_time,
      steps: this.steps,
      ...(error ? { error } : {}),
    });
    return {
      execution_id: options.executionId,
      status,
      ...(error ? { error } : {}),
      execution_time,
      steps: this.steps,
      ...(this.lastMessage ? { lastMessage: this.lastMessage } : {}),
    };
  }

  private stateOf(uid: string) {
    return {
      get: () => this.states.get(uid),
      set: (value: unknown) => {
        this.states.set(uid, value);
        if (!this.holding.includes(uid)) this.holding.push(uid);
      },
      clear: () => {
        this.states.delete(uid);
        const at = this.holding.indexOf(uid);
        if (at >= 0) this.holding.splice(at, 1);
      },
    };
  }

  /** Ends the execution once; running nodes see the abort and get a moment to settle. */
  private end(status: ExecutionStatus, error?: ExecutionError): void {
    if (this.ended) return;
    this.ended = true;
    this.outcome = { status, ...(error ? { error } : {}) };
    this.controller.abort(new Error(error?.message ?? limitMessages.stopped));
    if (this.inflight === 0) return this.finish();
    const grace = this.deps.timers.setTimeout(() => this.finish(), abortGraceMs);
    this.settled = () => {
      this.deps.timers.clearTimeout(grace);
      this.finish();
    };
  }

  private settled: (() => void) | undefined;

  private schedule(delivery: Delivery): void {
    if (this.ended) return;
    this.waitingBytes += delivery.bytes;
    if (this.waitingBytes > this.deps.limits.maxWaitingBytes) {
      this.end('error', { message: limitMessages.waiting(this.deps.limits.maxWaitingBytes) });
      return;
    }
    this.pending.push(delivery);
    this.pump();
  }

  private pump(): void {
    while (!this.ended && this.inflight < maxConcurrent && this.pending.length) {
      const delivery = this.pending.shift()!;
      this.inflight++;
      void this.deliver(delivery).finally(() => {
        this.waitingBytes -= delivery.bytes;
        this.afterWork();
      });
    }
  }

  private afterWork(): void {
    this.inflight--;
    if (this.ended) {
      if (this.inflight === 0) this.settled?.();
      return;
    }
    this.pump();
    if (this.inflight === 0 && this.pending.length === 0) this.idle();
  }

  /** Nothing left to run: a node holding state (loop, merge) may move on, else we are done. */
  private idle(): void {
    const uid = this.holding.at(-1);
    if (!uid) return this.end('success');
    const node = this.nodes.get(uid)!;
    const definition = this.definitionOf(node)!;
    if (!definition.onIdle) {
      this.stateOf(uid).clear();
      return this.idle();
    }
    this.inflight++;
    void this.runNode(node, definition, this.lastInput.get(uid) ?? {}, undefined, 'onIdle')
      .then((sent) => {
        // A node that keeps holding after an idle turn in which it sent nothing would spin.
        if (sent === 0 && this.holding.includes(uid)) this.stateOf(uid).clear();
      })
      .finally(() => this.afterWork());
  }

  /** A node runs exactly the version it records; a document older than versions means 1. */
  private definitionOf(node: FlowNode): NodeDefinition | undefined {
    return this.deps.registry.get(node.type, node.typeVersion ?? 1);
  }

  /**
   * A flow holding a node whose area does not exist yet, or pinned to a version this
   * installation no longer has, does not run at all: refused before any port is called.
   */
  private refusal(): ExecutionError | undefined {
    for (const node of this.nodes.values()) {
      const definition = this.definitionOf(node);
      const { manifest } = definition ?? {};
      if (manifest?.custom && manifest.available === false) {
        // A custom connector disabled or removed: the reason names it (docs/adr/0041).
        return {
          message: manifest.unavailableReason ?? labelOf(node, definition),
          node_uid: node.uid,
        };
      }
      if (manifest?.available === false) {
        const reason = manifest.unavailableReason ?? '';
        return {
          message:
            `O conector "${labelOf(node, definition)}" (${node.type}) ainda não pode ser usado nesta instalação. ${reason}`.trim(),
          node_uid: node.uid,
        };
      }
      const newest = definition ? undefined : this.deps.registry.get(node.type);
      if (newest) {
        return {
          message: `O conector "${labelOf(node, newest)}" usa a versão ${node.typeVersion ?? 1} de ${node.type}, que não existe mais nesta instalação.`,
          node_uid: node.uid,
        };
      }
    }
    return undefined;
  }

  private async deliver({ uid, msg, from }: Delivery): Promise<void> {
    const node = this.nodes.get(uid);
    const definition = node && this.definitionOf(node);
    if (!node || !definition) {
      const message = node
        ? `O conector "${labelOf(node)}" usa um tipo desconhecido: ${node.type}.`
        : `O conector ${uid} não existe no fluxo.`;
      return this.end('error', { message, node_uid: uid });
    }
    this.lastInput.set(uid, msg);
    await this.runNode(node, definition, msg, from, 'run');
  }

  private async runNode(
    node: FlowNode,
    definition: NodeDefinition,
    input: Message,
    from: IncomingEdge | undefined,
    phase: 'run' | 'onIdle',
  ): Promise<number> {
    if (++this.steps > this.deps.limits.maxSteps) {
      this.end('error', { message: limitMessages.steps(this.deps.limits.maxSteps) });
      return 0;
    }
    const info = { node_uid: node.uid, node_type: node.type };
    if (node.disabled) {
      const outputs = Object.keys(definition.manifest.outputs);
      const output = outputs.includes('default') ? 'default' : outputs[0];
      return this.send(node, output ? [{ output, msg: input }] : []);
    }
    this.emit({ ...this.base(), type: 'node_started', ...info });
    const started = this.deps.timers.now();
    let sent: NodeEmission[];
    let size = 0;
    const sizes: number[] = [];
    try {
      const ctx = await buildNodeContext(
        this.shared,
        node,
        definition,
        input,
        this.incoming.get(node.uid) ?? [],
        from,
      );
      const handler = phase === 'run' ? definition.run : definition.onIdle!;
      sent = emissions(await handler(ctx));
      for (const { msg } of sent) {
        const bytes = byteSize(msg);
        if (bytes > this.deps.limits.maxMessageBytes) {
          throw new Error(limitMessages.messageSize(this.deps.limits.maxMessageBytes));
        }
        sizes.push(bytes);
        size += bytes;
      }
    } catch (error) {
      if (this.ended) return 0;
      const duration_ms = this.deps.timers.now() - started;
      if (error instanceof StopExecution) {
        this.emit({
          ...this.base(),
          type: 'node_finished',
          ...info,
          duration_ms,
          output_size: 0,
          outputs: [],
        });
        const failure = { message: error.message, node_uid: node.uid };
        this.end(error.status, error.status === 'error' ? failure : undefined);
        return 0;
      }
      return this.fail(node, input, error, duration_ms);
    }
    if (this.ended) return 0;
    this.emit({
      ...this.base(),
      type: 'node_finished',
      ...info,
      duration_ms: this.deps.timers.now() - started,
      output_size: size,
      outputs: sent.map(({ output }) => output),
    });
    await this.pauseForDebug(node, sent);
    return this.ended ? 0 : this.send(node, sent, sizes);
  }

  /** A failure goes to the connected `error` output, else it fails the execution. */
  private fail(node: FlowNode, input: Message, error: unknown, duration: number): number {
    const message = error instanceof Error ? error.message : String(error);
    const handlers = this.outgoing.get(`${node.uid}\0error`) ?? [];
    const unreadable = error instanceof ParamError && error.unreadable;
    const failure: ExecutionError = {
      message,
      node_uid: node.uid,
      ...(unreadable ? { code: 'invalid_expression' as const } : {}),
    };
    this.emit({
      ...this.base(),
      type: 'node_failed',
      node_uid: node.uid,
      node_type: node.type,
      duration_ms: duration,
      error: failure,
      handled: handlers.length > 0,
    });
    if (!handlers.length) {
      this.end('error', failure);
      return 0;
    }
    return this.send(node, [
      { output: 'error', msg: { ...input, error: { message, node_uid: node.uid } } },
    ]);
  }

  private async pauseForDebug(node: FlowNode, sent: NodeEmission[]): Promise<void> {
    const first = sent[0];
    if (!this.options.debug || !first) return;
    const held = await holdForDebug(this.options.debug, node, first, {
      data: (msg) => expressionData(this.shared, msg),
      emit: (event) => this.emit({ ...this.base(), ...event }),
    });
    if (!held) this.end('stopped', { message: limitMessages.stopped });
  }

  /** Delivers each message to every connected target (a copy per extra edge); returns how many were sent. */
  private send(node: FlowNode, sent: NodeEmission[], sizes: number[] = []): number {
    for (const [at, { output, msg }] of sent.entries()) {
      const bytes = sizes[at] ?? byteSize(msg);
      this.lastMessage = msg;
      const edges = this.outgoing.get(`${node.uid}\0${output}`) ?? [];
      // Copies are made before any target runs: no target sees another's changes.
      const copies = edges.map((_, index) => (index === 0 ? msg : structuredClone(msg)));
      edges.forEach((edge, index) => {
        this.schedule({
          uid: edge.target,
          msg: copies[index]!,
          from: { source: node.uid, sourceOutput: output },
          bytes,
        });
      });
    }
    return sent.length;
  }
}
