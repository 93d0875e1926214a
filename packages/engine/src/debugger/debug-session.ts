/**
 * A debug session (spec 1 §2.7, §4): executions attached to it pause after each node's output
 * until `nextStep()`. The server keeps one per flow while the Live Debugger is on.
 */
export interface DebugState {
  active: boolean;
  /** The node whose output is being held (or was released last and is still running on). */
  current?: { node_uid: string; node_type: string };
  /** true after next-step until the following pause: the engine is busy, no next-step yet. */
  waiting: boolean;
  /** Whether the current node has a breakpoint (its condition, when any, held). */
  is_breakpoint: boolean;
}

export interface PausePoint {
  node_uid: string;
  node_type: string;
  is_breakpoint: boolean;
}

export interface DebugSession {
  state(): DebugState;
  /** Releases the held output. false (and nothing happens) unless a node is current and not waiting. */
  nextStep(): boolean;
  /** Ends the session: attached executions stop cleanly. */
  stop(): void;
  readonly signal: AbortSignal;
  /** Executor side: hold until next-step; rejects when the session stops. */
  pause(point: PausePoint): Promise<void>;
  /** Executor side: an attached execution ended. */
  executionEnded(): void;
}

export function createDebugSession(): DebugSession {
  const controller = new AbortController();
  const queue: { point: PausePoint; release: () => void; fail: (e: unknown) => void }[] = [];
  let current: PausePoint | undefined;
  let waiting = false;

  const session: DebugSession = {
    signal: controller.signal,
    state() {
      const head = queue[0]?.point ?? current;
      return {
        active: !controller.signal.aborted,
        ...(head ? { current: { node_uid: head.node_uid, node_type: head.node_type } } : {}),
        waiting: queue.length === 0 && waiting,
        is_breakpoint: head?.is_breakpoint ?? false,
      };
    },
    nextStep() {
      const head = queue.shift();
      if (!head || controller.signal.aborted) return false;
      current = head.point;
      waiting = true;
      head.release();
      return true;
    },
    stop() {
      if (controller.signal.aborted) return;
      controller.abort(new Error('Debug encerrado.'));
      for (const held of queue.splice(0)) held.fail(controller.signal.reason);
      current = undefined;
      waiting = false;
    },
    pause(point) {
      if (controller.signal.aborted) return Promise.reject(controller.signal.reason);
      return new Promise<void>((release, fail) => {
        queue.push({ point, release, fail });
      });
    },
    executionEnded() {
      current = undefined;
      waiting = false;
    },
  };
  return session;
}
