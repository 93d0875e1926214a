import { randomUUID } from 'node:crypto';

/** A handler of a bus channel; `from` is the id of the process that published. */
export type BusHandler = (message: unknown, from: string) => void | Promise<void>;

/**
 * How the processes of one Ponte tell each other what changed and what to do (docs/adr/0063):
 * a flow saved, an execution to stop, a debugger command. In one process it is a plain
 * dispatcher; with Redis, the same messages reach every process over Redis pub/sub.
 */
export interface ClusterBus {
  /** This process's id (also the owner of its executions). */
  readonly processId: string;
  /**
   * Every process's handlers of the channel: this process's first (awaited, so a caller sees
   * its own change applied), then the others' through Redis.
   */
  publish(channel: string, message: unknown): Promise<void>;
  /** Only the named process's handlers of the channel (this process: called at once). */
  send(processId: string, channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Connects (Redis); the local bus has nothing to do. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The handlers of one process, by channel. */
export function createHandlers(onError: (error: unknown, channel: string) => void) {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    subscribe(channel: string, handler: BusHandler): () => void {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    /** Runs every handler of the channel; a failing one is reported, never thrown. */
    async dispatch(channel: string, message: unknown, from: string): Promise<void> {
      const set = handlers.get(channel);
      if (!set?.size) return;
      await Promise.all(
        [...set].map(async (handler) => {
          try {
            await handler(message, from);
          } catch (error) {
            onError(error, channel);
          }
        }),
      );
    },
  };
}

/** The bus of a Ponte that runs as one process: messages stay here. */
export function createLocalBus(
  options: { processId?: string; onError?: (error: unknown, channel: string) => void } = {},
): ClusterBus {
  const processId = options.processId ?? randomUUID();
  const handlers = createHandlers(options.onError ?? (() => undefined));
  return {
    processId,
    publish: (channel, message) => handlers.dispatch(channel, message, processId),
    async send(target, channel, message) {
      if (target === processId) await handlers.dispatch(channel, message, processId);
    },
    subscribe: handlers.subscribe,
    start: async () => undefined,
    close: async () => undefined,
  };
}
