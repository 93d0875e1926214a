import { randomUUID } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import {
  editorStateSchema,
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  type FlowEditor,
} from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { AuthContext } from '../../plugins/auth';

/**
 * What a socket carries for the editors lists: its entry in each flow it edits. In
 * `socket.data`, so `fetchSockets` brings it from every API process (docs/adr/0067).
 */
export interface EditorsData {
  session: AuthContext;
  editing: Record<string, FlowEditor>;
}

type Events = Record<string, (...args: unknown[]) => void>;
type EditorSocket = Socket<Events, Events, Events, EditorsData>;

export interface FlowEditorsDeps {
  /** The person's name, read once when the socket joins a flow's editors. */
  editorName(userId: string): Promise<string | null>;
  onError(error: unknown): void;
}

/** The socket's entry for the flow (an own key only: a payload's flow id is any text). */
function entryOf(data: Partial<EditorsData>, flowId: string): FlowEditor | null {
  const editing = data.editing;
  return editing && Object.hasOwn(editing, flowId) ? (editing[flowId] ?? null) : null;
}

const byArrival = (a: FlowEditor, b: FlowEditor) =>
  a.since.localeCompare(b.since) || a.editor_id.localeCompare(b.editor_id);

/**
 * Who has a flow open in an editor (`flow-editors-{flowId}`): each socket of the room is one
 * editor (a tab), with its person and whether it has unsaved changes (`editor-state`). After a
 * join, a leave, a disconnect or a change, the room gets the list of its editors on every API
 * process (`io.in(room).fetchSockets()`). In this process one list of a flow is computed at a
 * time; changes meanwhile are sent together right after, so a list never follows a newer one.
 */
export function createFlowEditors(io: Server, deps: FlowEditorsDeps) {
  /** Flows whose list is being computed here: true when it must be computed again after. */
  const sending = new Map<string, boolean>();
  let closed = false;

  const send = async (flowId: string) => {
    const room = liveRooms.flowEditors(flowId);
    const sockets = await io.in(room).fetchSockets();
    const editors = sockets
      .map((socket) => entryOf(socket.data as Partial<EditorsData>, flowId))
      .filter((entry): entry is FlowEditor => entry !== null)
      .sort(byArrival);
    if (editors.length && !closed)
      io.to(room).emit(liveServerEvents.flowEditors, { flow_id: flowId, editors });
  };

  const changed = (flowId: string) => {
    if (closed) return;
    if (sending.has(flowId)) {
      sending.set(flowId, true);
      return;
    }
    const loop = async () => {
      do {
        sending.set(flowId, false);
        await send(flowId);
      } while (sending.get(flowId) && !closed);
    };
    loop()
      .catch((error: unknown) => (closed ? undefined : deps.onError(error)))
      .finally(() => sending.delete(flowId));
  };

  return {
    /** Joins the socket to the flow's editors (the flow is of its workspace); its editor id. */
    async join(socket: EditorSocket, flowId: string): Promise<string> {
      const present = entryOf(socket.data, flowId);
      if (present) return present.editor_id;
      const { userId } = socket.data.session;
      const name = (await deps.editorName(userId)) ?? messages.versions.unknownAuthor;
      const entry: FlowEditor = {
        editor_id: randomUUID(),
        user_id: userId,
        name,
        dirty: false,
        since: new Date().toISOString(),
      };
      socket.data.editing[flowId] = entry;
      await socket.join(liveRooms.flowEditors(flowId));
      changed(flowId);
      return entry.editor_id;
    },

    async leave(socket: EditorSocket, flowId: string): Promise<void> {
      if (!entryOf(socket.data, flowId)) return;
      delete socket.data.editing[flowId];
      await socket.leave(liveRooms.flowEditors(flowId));
      changed(flowId);
    },

    /** `editor-state` and the disconnect of a socket (every event passed the socket's guards). */
    watch(socket: EditorSocket): void {
      socket.on(liveClientEvents.editorState, (payload: unknown) => {
        const parsed = editorStateSchema.safeParse(payload);
        if (!parsed.success) return;
        const entry = entryOf(socket.data, parsed.data.flow_id);
        if (!entry || entry.dirty === parsed.data.dirty) return;
        entry.dirty = parsed.data.dirty;
        changed(parsed.data.flow_id);
      });
      // The socket already left its rooms: the others get the list without it.
      socket.on('disconnect', () => {
        for (const flowId of Object.keys(socket.data.editing)) changed(flowId);
      });
    },

    close(): void {
      closed = true;
    },
  };
}

export type FlowEditors = ReturnType<typeof createFlowEditors>;
