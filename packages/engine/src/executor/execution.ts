import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ExecuteOptions, ExecutorDeps } from './execute-options';
import type { IncomingEdge } from '../kit/context';
import type { NodeDefinition } from '../kit/define-node';
import { emissions, type Message, type NodeEmission } from '../kit/message';
import { withNodes } from '../kit/layered-registry';
import { StopExecution } from '../kit/stop-execution';
import { SuspendExecution } from '../kit/suspend-execution';
import { NodeStates } from './node-states';
import { definitionOf, firstOutputOf, labelOf, refusal } from './refusal';
import { sleepUnlessAborted } from './timers';
import { runRecord } from './capture';
import { createEditorScope, type EditorScope } from './editor-scope';
import { holdForDebug } from '../debugger/hold-for-debug';
import type {
  EngineEvent,
  ExecutionError,
  ExecutionResult,
  ExecutionStatus,
  ExecutionWait,
  NodeRetry,
} from './events';
import { limitMessages } from './limits';
import {
  buildNodeContext,
  expressionData,
  settleProgress,
  type ExecutionScopeData,
} from './node-context';
import type { AgentToolbox, AgentToolNode } from '../kit/agent-tools';
import { createAgentToolbox, toolNodes } from './agent-toolbox';
import { indexFlowOnce, type FlowIndex } from './flow-index';
import { createExecutionScope } from './execution-scope';
import { nodeFinished, nodeStarted, type EventIds } from './node-events';
import { failOutcome, stopOutcome, suspendOutcome, type OutcomeHost } from './node-outcomes';

export type { ExecuteOptions, ExecutorDeps } from './execute-options';

interface Delivery {
  uid: string;
  msg: Message;
  from?: IncomingEdge;
  /** JSON size of `msg`: counted from the moment it waits until its node has run. */
  bytes: number;
  /** The JSON `bytes` was measured on, as `msg` was sent: carried only when capturing. */
  json: string | undefined;
  /** Attempts of this message at its node that failed already ('Em caso de erro'). */
  attempt?: number;
  /** The node's `ctx.resumed` for this message (a part resumed by a wake). */
  resumed?: { value: unknown };
}

/** Deliveries of one execution running at the same time (independent branches). */
const maxConcurrent = 32;
const abortGraceMs = 1000;
/** The abort reason of an execution that ended by itself: nothing runs any more to read it. */
const endedReason = new Error(limitMessages.stopped);
/** Without `watched`, every event is built (the engine's tests, a caller that wants them all). */
const always = () => true;
const noEdges: readonly FlowEdge[] = [];

export function runExecution(
  deps: ExecutorDeps,
  options: ExecuteOptions,
): Promise<ExecutionResult> {
  const registry = options.nodes?.length ? withNodes(deps.registry, options.nodes) : deps.registry;
  return new Execution({ ...deps, registry }, options).run();
}

/** One execution; it is also what its nodes' outcomes need of it (`OutcomeHost`). */
class Execution implements OutcomeHost {
  private readonly nodes: FlowIndex['nodes'];
  private readonly outgoing: FlowIndex['outgoing'];
  private readonly incoming: FlowIndex['incoming'];
  private readonly controller = new AbortController();
  private readonly editor: EditorScope | undefined;
  private readonly states = new NodeStates();
  /** The last delivery each node received: its `onIdle` turn runs on it. */
  private readonly lastInput = new Map<string, Delivery>();
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
  /** The nodes waiting (node-outcomes.ts): the execution ends `waiting`. */
  readonly waiting: ExecutionWait[] = [];
  readonly capture: ExecuteOptions['capture'];
  /** Whether someone watches the nodes live: else node_started and node_progress are not built. */
  readonly watched: () => boolean;
  private readonly ids: EventIds;

  constructor(
    private readonly deps: ExecutorDeps,
    private readonly options: ExecuteOptions,
  ) {
    this.editor = options.editor && createEditorScope(options.flow, options.editor);
    ({
      nodes: this.nodes,
      outgoing: this.outgoing,
      incoming: this.incoming,
    } = indexFlowOnce(options.flow));
    this.capture = options.capture;
    this.watched = options.watched ?? always;
    this.ids = { execution_id: options.executionId, flow_id: options.flowId };
  }

  handlesErrors(node: FlowNode): boolean {
    return (this.outgoing.get(node.uid)?.get('error')?.length ?? 0) > 0;
  }

  firstOutput(node: FlowNode): string {
    return firstOutputOf(definitionOf(this.deps.registry, node)) ?? 'default';
  }

  /**
   * A node tried again (docs/adr/0110): durable, the wait is recorded for a later part (not
   * when a node holds items in memory: a loop, a merge); else it waits here.
   */
  async retry(
    node: FlowNode,
    received: { msg: Message; json: string | undefined },
    retry: NodeRetry,
    delay: number,
  ): Promise<number> {
    if (this.options.durableWaits && !this.states.latest()) {
      this.waiting.push({
        node_uid: node.uid,
        message: limitMessages.retryWait,
        retry: { ...retry, msg: received.msg },
      });
      return 0;
    }
    await sleepUnlessAborted(this.deps.timers, delay, this.controller.signal);
    if (this.ended) return 0;
    const definition = definitionOf(this.deps.registry, node)!;
    const again = { uid: node.uid, msg: received.msg, bytes: 0, json: received.json };
    return this.runNode(node, definition, { ...again, attempt: retry.attempt - 1 }, 'run');
  }

  emit(event: EngineEvent): void {
    this.options.onEvent?.(event);
  }

  base() {
    const { ids } = this;
    return { execution_id: ids.execution_id, flow_id: ids.flow_id, timestamp: this.now() };
  }

  private now(): number {
    return this.deps.ports.clock.now();
  }

  async run(): Promise<ExecutionResult> {
    const { options, deps } = this;
    const { timers } = deps;
    const started = timers.now();
    const first = options.resume ?? options.startAt ?? options.trigger;
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
      const refused =
        refusal(this.nodes.values(), deps.registry) ?? this.editor?.refusal(first.nodeUid);
      if (refused) this.end('error', refused);
      this.shared = await createExecutionScope(deps, options, this.controller.signal, {
        ended: this.ended,
        emit: (event) => this.emit(event),
        watched: this.watched,
        stateOf: (uid) => this.states.of(uid),
        agentTools: (uid) => this.toolbox(uid),
      });
      if (!this.ended) this.scheduleStarts(first);
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
      ...(status === 'waiting'
        ? { waiting: this.waiting, flowData: this.shared?.flow.snapshot() ?? {} }
        : {}),
    };
  }

  /** The first deliveries: the trigger's, a replay's or a resume's; or each due attempt. */
  private scheduleStarts(first: { nodeUid: string; msg: Message }): void {
    const { options } = this;
    const starts = options.retries?.deliveries ?? [{ ...first, attempt: 0 }];
    for (const start of starts) {
      const json = JSON.stringify(start.msg) ?? '';
      const resumed = 'resumed' in start ? { resumed: { value: start.resumed } } : {};
      this.schedule({
        uid: start.nodeUid,
        msg: start.msg,
        bytes: Buffer.byteLength(json),
        json: options.capture ? json : undefined,
        ...(start.attempt ? { attempt: start.attempt } : {}),
        ...resumed,
      });
    }
  }

  /** Ends the execution once; running nodes see the abort and get a moment to settle. */
  end(status: ExecutionStatus, error?: ExecutionError): void {
    if (this.ended) return;
    this.ended = true;
    this.outcome = error ? { status, error } : { status };
    this.controller.abort(error ? new Error(error.message) : endedReason);
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
      void this.deliver(delivery);
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
    const uid = this.states.latest();
    if (!uid) return this.end(this.waiting.length ? 'waiting' : 'success');
    const node = this.nodes.get(uid)!;
    const definition = definitionOf(this.deps.registry, node)!;
    if (!definition.onIdle) {
      this.states.of(uid).clear();
      return this.idle();
    }
    this.inflight++;
    const last = this.lastInput.get(uid) ?? {
      uid,
      msg: {},
      bytes: 2,
      json: this.options.capture ? '{}' : undefined,
    };
    void this.runNode(node, definition, last, 'onIdle')
      .then((sent) => {
        // A node that keeps holding after an idle turn in which it sent nothing would spin.
        if (sent === 0 && this.states.holds(uid)) this.states.of(uid).clear();
      })
      .finally(() => this.afterWork());
  }

  /** Runs one delivery; then its bytes stop counting and the next work is pumped. */
  private async deliver(delivery: Delivery): Promise<void> {
    const { uid } = delivery;
    const node = this.nodes.get(uid);
    const definition = node && definitionOf(this.deps.registry, node);
    try {
      if (!node || !definition) {
        const message = node
          ? `O conector "${labelOf(node)}" usa um tipo desconhecido: ${node.type}.`
          : `O conector ${uid} não existe no fluxo.`;
        return this.end('error', { message, node_uid: uid });
      }
      this.lastInput.set(uid, delivery);
      await this.runNode(node, definition, delivery, 'run');
    } finally {
      this.waitingBytes -= delivery.bytes;
      this.afterWork();
    }
  }

  private async runNode(
    node: FlowNode,
    definition: NodeDefinition,
    delivery: Delivery,
    phase: 'run' | 'onIdle',
  ): Promise<number> {
    // Editor runs: a pinned node sends its pins instead of running (a copy: pins are shared).
    const pins = phase === 'run' ? this.editor?.pinsOf(node.uid) : undefined;
    if (this.countStep()) return 0;
    if (node.disabled) {
      const output = firstOutputOf(definition);
      if (!output) return 0;
      const json = delivery.json ? [delivery.json] : undefined;
      return this.send(node, [{ output, msg: delivery.msg }], [delivery.bytes], json);
    }
    const { aroundNode } = this.options;
    if (!aroundNode || pins) return this.runEnabled(node, definition, delivery, phase, pins);
    return aroundNode(node, () => this.runEnabled(node, definition, delivery, phase, pins));
  }

  /** The run of a node that is not disabled: its events, its outputs, their delivery. */
  private async runEnabled(
    node: FlowNode,
    definition: NodeDefinition,
    delivery: Delivery,
    phase: 'run' | 'onIdle',
    pins: ReturnType<EditorScope['pinsOf']> | undefined,
  ): Promise<number> {
    const { capture } = this.options;
    const { clock } = this.deps.ports;
    if (this.watched()) this.emit(nodeStarted(this.ids, clock.now(), node));
    const started = this.deps.timers.now();
    let sent: NodeEmission[];
    let size = 0;
    const sizes: number[] = [];
    // Each message is stringified once: measured, and kept for the record when capturing.
    const jsons: string[] | undefined = capture ? [] : undefined;
    try {
      sent = pins
        ? pins.map(({ output, msg }) => ({ output, msg: structuredClone(msg) }))
        : await this.handle(node, definition, delivery, phase);
      for (const { msg } of sent) {
        const json = JSON.stringify(msg) ?? '';
        const bytes = Buffer.byteLength(json);
        if (bytes > this.deps.limits.maxMessageBytes) {
          throw new Error(limitMessages.messageSize(this.deps.limits.maxMessageBytes));
        }
        sizes.push(bytes);
        jsons?.push(json);
        size += bytes;
      }
    } catch (error) {
      if (this.ended) return 0;
      const duration_ms = this.deps.timers.now() - started;
      if (error instanceof StopExecution)
        return stopOutcome(this, node, delivery, error, duration_ms);
      if (error instanceof SuspendExecution)
        return suspendOutcome(this, node, delivery, error, duration_ms);
      return failOutcome(this, node, delivery, error, duration_ms);
    }
    if (this.ended) return 0;
    const duration_ms = this.deps.timers.now() - started;
    this.emit(nodeFinished(this.ids, clock.now(), node, duration_ms, size, sent));
    const attempt = node.onError?.retries ? { attempt: (delivery.attempt ?? 0) + 1 } : {};
    const extra = pins ? { pinned: true } : attempt;
    capture?.(runRecord(node, delivery.json, sent, jsons!, duration_ms, extra));
    await this.pauseForDebug(node, sent);
    return this.ended ? 0 : this.send(node, sent, sizes, jsons);
  }

  /** Runs the node's `run` (or its `onIdle` turn) on the delivered message. */
  private async handle(
    node: FlowNode,
    definition: NodeDefinition,
    { msg, from, resumed }: Delivery,
    phase: 'run' | 'onIdle',
  ): Promise<NodeEmission[]> {
    const incoming = this.incoming.get(node.uid) ?? [];
    // An idle turn was not delivered by anyone: it has no `from`.
    const by = phase === 'run' ? from : undefined;
    const ctx = await buildNodeContext(this.shared, node, definition, msg, incoming, by, {
      ...(phase === 'run' && resumed ? { resumed } : {}),
      // A durable wait ends this part; a node holding items in memory keeps it in memory.
      waitDurably: this.options.durableWaits === true && !this.states.latest(),
    });
    const handler = phase === 'run' ? definition.run : definition.onIdle!;
    try {
      return emissions(await handler(ctx));
    } finally {
      settleProgress(ctx);
    }
  }

  /** The tool nodes as the node `caller` calls them (docs/adr/0099). */
  private toolbox(caller: string): AgentToolbox {
    this.tools ??= toolNodes(this.nodes.values(), this.deps.registry);
    return createAgentToolbox(caller, this.tools, {
      nodes: this.nodes,
      registry: this.deps.registry,
      shared: this.shared,
      capture: this.options.capture,
      now: () => this.deps.timers.now(),
      emit: (event) => this.emit({ ...this.base(), ...event } as EngineEvent),
      step: () => this.countStep(),
    });
  }

  /** Counts a node run: null, or the message of the step limit it passed (the execution ends). */
  private countStep(): string | null {
    if (++this.steps <= this.deps.limits.maxSteps) return null;
    const message = limitMessages.steps(this.deps.limits.maxSteps);
    this.end('error', { message });
    return message;
  }

  private tools: AgentToolNode[] | undefined;

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
  send(
    node: FlowNode,
    sent: NodeEmission[],
    sizes: readonly number[],
    jsons: readonly string[] | undefined,
  ): number {
    const byOutput = this.outgoing.get(node.uid);
    for (let at = 0; at < sent.length; at++) {
      const { output, msg } = sent[at]!;
      this.lastMessage = msg;
      const connected = byOutput?.get(output) ?? noEdges;
      const edges = this.editor ? this.editor.delivered(node.uid, connected) : connected;
      if (edges.length === 0) continue;
      // Copies are made before any target runs: no target sees another's changes.
      const copies = edges.map((_, index) => (index === 0 ? msg : structuredClone(msg)));
      const from = { source: node.uid, sourceOutput: output };
      for (let index = 0; index < edges.length; index++) {
        this.schedule({
          uid: edges[index]!.target,
          msg: copies[index]!,
          from,
          bytes: sizes[at]!,
          json: jsons?.[at],
        });
      }
    }
    return sent.length;
  }
}
