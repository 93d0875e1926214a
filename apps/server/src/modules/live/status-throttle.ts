export interface StatusThrottleDeps<T> {
  /** At most one list per workspace in this many ms. */
  throttleMs: number;
  /** Reads the workspace's current list. */
  read(workspaceId: string): Promise<T>;
  send(workspaceId: string, list: T): void;
  /** Whether anyone listens to the workspace (nothing is read otherwise). */
  listening(workspaceId: string): boolean;
  onError(error: unknown): void;
}

/**
 * `status-list-updated` for each workspace: at most one list every `throttleMs`, and the last
 * state wins. One read per workspace at a time, stamped when its list is sent, so a list sent
 * is never older than one sent before it; a change during a read asks for one more read.
 */
export function createStatusThrottle<T>(deps: StatusThrottleDeps<T>) {
  const pending = new Map<string, NodeJS.Timeout>();
  const lastSent = new Map<string, number>();
  const reading = new Set<string>();
  const changedWhileReading = new Set<string>();
  let closed = false;

  const push = async (workspaceId: string) => {
    if (!deps.listening(workspaceId)) return;
    reading.add(workspaceId);
    try {
      const list = await deps.read(workspaceId);
      if (closed) return;
      lastSent.set(workspaceId, Date.now());
      deps.send(workspaceId, list);
    } finally {
      reading.delete(workspaceId);
      if (changedWhileReading.delete(workspaceId)) changed(workspaceId);
    }
  };

  const changed = (workspaceId: string) => {
    if (closed) return;
    if (reading.has(workspaceId)) {
      changedWhileReading.add(workspaceId);
      return;
    }
    if (pending.has(workspaceId)) return;
    const since = lastSent.get(workspaceId);
    const wait = since === undefined ? 0 : Math.max(0, since + deps.throttleMs - Date.now());
    const timer = setTimeout(() => {
      pending.delete(workspaceId);
      push(workspaceId).catch(deps.onError);
    }, wait);
    pending.set(workspaceId, timer);
  };

  return {
    /** The workspace's running executions changed. */
    changed,
    close(): void {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
