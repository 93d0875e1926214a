/**
 * At most `perWorkspace` log searches of one workspace run at a time in this process; the
 * next one is refused at once (429), never queued: a queue would hold the embedded database
 * for every other workspace. Slots are taken synchronously, before any await.
 */
export function createSearchSlots(perWorkspace: number) {
  const running = new Map<string, number>();
  return {
    /** A release function, or null when the workspace already uses all its slots. */
    take(workspaceId: string): (() => void) | null {
      const now = running.get(workspaceId) ?? 0;
      if (now >= perWorkspace) return null;
      running.set(workspaceId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(workspaceId) ?? 1) - 1;
        if (left > 0) running.set(workspaceId, left);
        else running.delete(workspaceId);
      };
    },
  };
}

export type SearchSlots = ReturnType<typeof createSearchSlots>;
