import { createHash } from 'node:crypto';
import type { NodeRunRecord } from '@ponte/engine/executor/events';
import {
  executionDataCaps,
  type ExecutionMode,
  type ExecutionNodeSummary,
} from '@ponte/shared/execution-data.schema';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { storableJsonText } from '../../lib/storable-text';
import type { PersonalDataMasking } from './personal-data-masking';

/** PONTE_EXECUTION_DATA: `off` captures nothing, whatever the flows' save setting. */
export type ExecutionDataSetting = 'on' | 'off';

/**
 * Whether an execution's node data is captured, and when it is kept (docs/adr/0089): `always`
 * (debug and editor runs, `all`), `failed` (`errors`: captured in memory, kept only when the
 * execution did not succeed), or null (`none`, or the data off: the engine is given no capture).
 */
export function dataKeepingOf(
  level: ExecutionSaveLevel,
  mode: ExecutionMode,
  debug: boolean,
  setting: ExecutionDataSetting,
): 'always' | 'failed' | null {
  if (setting === 'off') return null;
  if (debug || mode === 'editor' || level === 'all') return 'always';
  return level === 'errors' ? 'failed' : null;
}

/** One node's data as it is written beside the execution's end. */
export interface KeptNodeData {
  nodeUid: string;
  seq: number;
  /** JSON of the node's `ExecutionNodeSummary`, storable as jsonb. */
  summary: string;
  /** JSON array of the node's `NodeRun`s, joined from the engine's JSON. */
  runs: string;
  bytes: number;
}

/** The flow document an execution ran, once per version. */
export interface FlowSnapshot {
  hash: string;
  /** The document's JSON (storable as jsonb). */
  json: string;
}

/** What an execution kept, written in the same statement as its end. */
export interface KeptExecutionData {
  workspaceId: string;
  flowId: string;
  flowHash: string;
  /** Absent when this process already wrote this version of the flow. */
  snapshot?: FlowSnapshot;
  nodes: KeptNodeData[];
}

type Caps = (typeof executionDataCaps)[ExecutionMode];

interface NodeAccumulator {
  seq: number;
  runs: string[];
  bytes: number;
  summary: ExecutionNodeSummary;
}

/** The JSON of one run, joined from the record's strings (messages are never parsed again). */
function runJson(record: NodeRunRecord, truncatedBytes: number | null): string {
  const outputs = record.outputs
    .map(
      (out) =>
        `{"output":${JSON.stringify(out.output)},"msg":${truncatedBytes === null ? out.json : 'null'}}`,
    )
    .join(',');
  let json = `{"input":${truncatedBytes === null ? record.input : 'null'},"outputs":[${outputs}],"duration_ms":${JSON.stringify(record.duration_ms)}`;
  if (record.error) json += `,"error":${storableJsonText({ message: record.error.message })}`;
  if (record.pinned) json += `,"pinned":true`;
  if (record.attempt) json += `,"attempt":${record.attempt}`;
  if (truncatedBytes !== null) json += `,"truncated":{"bytes":${truncatedBytes}}`;
  return `${json}}`;
}

/** Bytes of the messages of one run (input and every output). */
function messageBytes(record: NodeRunRecord): number {
  let bytes = Buffer.byteLength(record.input);
  for (const out of record.outputs) bytes += Buffer.byteLength(out.json);
  return bytes;
}

/**
 * Collects the node runs of one execution in memory, capped per node and per execution: a run
 * whose messages would pass a cap keeps its counts, output names, duration and error, and
 * drops its messages (`input: null`, `msg: null`, `truncated: {bytes}`).
 */
export function createNodeDataCapture(caps: Caps) {
  let nodes = new Map<string, NodeAccumulator>();
  let total = 0;
  const drop = () => {
    nodes = new Map();
    total = 0;
  };
  return {
    /** ExecuteOptions.capture: one node run. */
    record(record: NodeRunRecord): void {
      let node = nodes.get(record.node_uid);
      if (!node) {
        node = {
          seq: nodes.size,
          runs: [],
          bytes: 0,
          summary: {
            node_uid: record.node_uid,
            status: 'success',
            runs: 0,
            items: 0,
            outputs: {},
            duration_ms: 0,
          },
        };
        nodes.set(record.node_uid, node);
      }
      const bytes = messageBytes(record);
      const fits =
        node.bytes + bytes <= caps.perNodeBytes && total + bytes <= caps.perExecutionBytes;
      if (fits) {
        node.bytes += bytes;
        total += bytes;
      }
      node.runs.push(runJson(record, fits ? null : bytes));
      const summary = node.summary;
      summary.runs += 1;
      summary.items += record.outputs.length;
      for (const out of record.outputs)
        summary.outputs[out.output] = (summary.outputs[out.output] ?? 0) + 1;
      summary.duration_ms += record.duration_ms;
      if (record.error) {
        summary.status = 'error';
        summary.error = { message: record.error.message };
      }
      if (record.pinned) summary.pinned = true;
      if (!fits) summary.truncated = true;
    },

    /** The kept nodes in the order each first ran; the capture is empty afterwards. */
    take(): KeptNodeData[] {
      const kept = [...nodes.values()].map((node) => ({
        nodeUid: node.summary.node_uid,
        seq: node.seq,
        summary: storableJsonText(node.summary),
        runs: `[${node.runs.join(',')}]`,
        bytes: node.bytes,
      }));
      drop();
      return kept;
    },

    /** Nothing is kept: the messages are let go. */
    drop,
  };
}

export type NodeDataCapture = ReturnType<typeof createNodeDataCapture>;

/** Hashes of documents already hashed (a flow row is shared by its executions while cached). */
const snapshots = new WeakMap<object, FlowSnapshot>();

/** The document's JSON and its sha256 (hex), computed once per document object. */
export function snapshotOf(document: object): FlowSnapshot {
  const known = snapshots.get(document);
  if (known) return known;
  const json = storableJsonText(document);
  const snapshot = { hash: createHash('sha256').update(json).digest('hex'), json };
  snapshots.set(document, snapshot);
  return snapshot;
}

/**
 * The (flow, hash) pairs this process wrote recently, so each version is inserted about once
 * (the insert does nothing on conflict anyway). Bounded, and entries live an hour, less than
 * any retention: a version the retention removed is written again by its next execution.
 */
export function createSnapshotMemory(max = 10_000, lifeMs = 60 * 60 * 1000) {
  const written = new Map<string, number>();
  const key = (flowId: string, hash: string) => `${flowId}:${hash}`;
  return {
    has(flowId: string, hash: string): boolean {
      const until = written.get(key(flowId, hash));
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      written.delete(key(flowId, hash));
      return false;
    },
    remember(flowId: string, hash: string): void {
      written.delete(key(flowId, hash));
      written.set(key(flowId, hash), Date.now() + lifeMs);
      // Maps iterate in insertion order: the first key is the oldest.
      if (written.size > max) written.delete(written.keys().next().value!);
    },
  };
}

export type SnapshotMemory = ReturnType<typeof createSnapshotMemory>;

/** One execution's capture, from its start to its end. */
export interface ExecutionCapture {
  /** ExecuteOptions.capture. */
  record(record: NodeRunRecord): void;
  /** The execution ended: what it keeps (undefined: nothing), its memory let go. */
  end(
    status: string,
    where: { workspaceId: string; flowId: string },
    document: object,
  ): KeptExecutionData | undefined;
}

/**
 * The capture of an execution as its save level, mode and the instance's setting say; null:
 * nothing is captured (the engine is given no `capture`, which costs nothing). With `masking`,
 * what is kept of each run is masked.
 */
export function startCapture(
  level: ExecutionSaveLevel,
  mode: ExecutionMode,
  debug: boolean,
  setting: ExecutionDataSetting,
  masking: PersonalDataMasking | null = null,
): ExecutionCapture | null {
  const keeping = dataKeepingOf(level, mode, debug, setting);
  if (!keeping) return null;
  const capture = createNodeDataCapture(executionDataCaps[mode]);
  return {
    // Masked (docs/adr/0122): each run's messages parsed, masked and written again.
    record: masking ? (record) => capture.record(masking.run(record)) : capture.record,
    end(status, where, document) {
      if (keeping === 'failed' && status === 'success') return void capture.drop();
      const snapshot = snapshotOf(document);
      const { workspaceId, flowId } = where;
      return { workspaceId, flowId, flowHash: snapshot.hash, snapshot, nodes: capture.take() };
    },
  };
}

/**
 * The ends of a batch, each flow version's snapshot carried once and only when this process
 * did not write it recently (the others' data goes without it).
 */
export function withoutWrittenSnapshots<T extends { data?: KeptExecutionData }>(
  items: T[],
  memory: SnapshotMemory,
): T[] {
  const carried = new Set<string>();
  return items.map((item) => {
    const data = item.data;
    if (!data?.snapshot) return item;
    const key = `${data.flowId}:${data.flowHash}`;
    if (!memory.has(data.flowId, data.flowHash) && !carried.has(key)) {
      carried.add(key);
      return item;
    }
    const { snapshot: _snapshot, ...rest } = data;
    return { ...item, data: rest };
  });
}
