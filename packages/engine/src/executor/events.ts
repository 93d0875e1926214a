import type { Message } from '../kit/message';

/**
 * What an execution tells the world. The server turns these into `internal` logs, `user` and
 * `debug` logs, execution rows and socket messages.
 */
/** `waiting`: a node waits for a person (docs/adr/0100); the execution resumes later. */
export type ExecutionStatus = 'success' | 'error' | 'stopped' | 'waiting';

export interface ExecutionError {
  message: string;
  node_uid?: string;
  /**
   * Set when the failure has a cause a caller may tell apart: `invalid_expression`, a `{{ … }}`
   * of the node that JSONata cannot read (the flow is broken, not the call; docs/adr/0081).
   */
  code?: 'invalid_expression';
}

interface EventBase {
  execution_id: string;
  flow_id: string;
  /** Milliseconds since the epoch, from the clock port. */
  timestamp: number;
}

export type EngineEvent = EventBase &
  (
    | { type: 'execution_started'; trigger_node_uid: string; trigger_type: string }
    | {
        type: 'execution_finished';
        status: ExecutionStatus;
        execution_time: number;
        steps: number;
        error?: ExecutionError;
      }
    | { type: 'node_started'; node_uid: string; node_type: string }
    | {
        type: 'node_finished';
        node_uid: string;
        node_type: string;
        duration_ms: number;
        /** Bytes of the JSON of every message the node sent. */
        output_size: number;
        outputs: string[];
      }
    | {
        type: 'node_failed';
        node_uid: string;
        node_type: string;
        duration_ms: number;
        error: ExecutionError;
        /**
         * true when the execution goes on: the error went to the node's `error` output, the
         * node continued with its input, or it will be tried again.
         */
        handled: boolean;
        /** Set when it will be tried again ('Em caso de erro', docs/adr/0110). */
        retry?: NodeRetry;
        /** Set when the node went on with its input by its first output ('Continuar'). */
        continued?: true;
        /** Set when the node tries again on failures: which attempt failed (1 for the first). */
        attempt?: number;
      }
    | {
        /**
         * A running node's text so far (a model's streamed answer, docs/adr/0102), at most one
         * every 100 ms and the final one always: for the live editor, never a log line.
         */
        type: 'node_progress';
        node_uid: string;
        node_type: string;
        text: string;
      }
    | {
        type: 'log';
        log_type: 'user' | 'debug';
        label: string;
        message: unknown;
        node_uid: string;
        node_type: string;
      }
    | {
        type: 'debug_paused';
        node_uid: string;
        node_type: string;
        label: string;
        output: string;
        msg: unknown;
        is_breakpoint: boolean;
      }
  );

export interface ExecutionResult {
  execution_id: string;
  status: ExecutionStatus;
  error?: ExecutionError;
  execution_time: number;
  steps: number;
  /** The last message a node sent (the webhook's `last_node` answer, a waiting caller's result). */
  lastMessage?: unknown;
  /** Status `waiting`: the nodes that wait (for a person, for a new attempt), and why. */
  waiting?: ExecutionWait[];
  /** Status `waiting`: the flow data as it was, for the part that resumes. */
  flowData?: Record<string, unknown>;
}

/** A new attempt of a node that failed (docs/adr/0110). */
export interface NodeRetry {
  /** The attempt to come (2 for the first retry). */
  attempt: number;
  /** Attempts in all: the first and the retries. */
  of: number;
  /** When it runs, in milliseconds since the epoch (clock port). */
  at: number;
}

/** Why a waiting execution waits; a retry carries the node's input, to run it again. */
export interface ExecutionWait {
  node_uid: string;
  message: string;
  retry?: NodeRetry & { msg: Message };
  /** The node resumes by itself at `at` with `value` as `ctx.resumed` (a durable delay). */
  wake?: { at: number; msg: Message; value: unknown };
}

/**
 * One run of a node, for the data views (docs/adr/0089): the JSON the executor already made
 * to measure the messages, handed over as is. Only executions given `capture` make these.
 */
export interface NodeRunRecord {
  node_uid: string;
  node_type: string;
  /** JSON of the message the node received. */
  input: string;
  /** JSON of each message it sent, in order, with its named output. */
  outputs: { output: string; json: string }[];
  duration_ms: number;
  /** Set when the node failed (its input may have gone to its `error` output). */
  error?: { message: string };
  /** It did not run: it sent its pinned items (editor runs). */
  pinned?: boolean;
  /** Its node tries again on failures: which attempt this run was (1 for the first). */
  attempt?: number;
}
