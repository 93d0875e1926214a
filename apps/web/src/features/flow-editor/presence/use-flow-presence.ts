import { useEffect, useMemo, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  flowEditorsEventSchema,
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  type EditorState,
  type FlowEditor,
} from '@ponte/shared/live.schema';
import { connectEngineSocket, joinRoom, leaveRoom } from '../../../lib/engine/engine-socket';
import { useSessionUser } from '../../../lib/session/session-store';
import type { OtherEditor } from './other-editor';
import { useUnsavedWarning } from './use-unsaved-warning';

export interface UseFlowPresenceOptions {
  /** Tests pass a fake socket. */
  connectSocket?: () => Socket;
  /** The editor's unsaved changes are told after this many ms without a change (default 400). */
  debounceMs?: number;
}

/** The room's list and this socket's own entry in it (null until the join answers). */
function useEditorsRoom(flowId: string | null, connectSocket: () => Socket) {
  const [editors, setEditors] = useState<FlowEditor[]>([]);
  const [own, setOwn] = useState<{ socket: Socket; editorId: string } | null>(null);

  useEffect(() => {
    if (!flowId) return;
    const socket = connectSocket();
    const room = liveRooms.flowEditors(flowId);
    let closed = false;
    const onList = (payload: unknown) => {
      const parsed = flowEditorsEventSchema.safeParse(payload);
      if (parsed.success && parsed.data.flow_id === flowId) setEditors(parsed.data.editors);
    };
    // Rooms do not survive a reconnection: join on every connection, as a new editor.
    const join = () => {
      setOwn(null);
      void joinRoom(socket, room).then((ack) => {
        if (!closed && ack.ok && ack.editor_id) setOwn({ socket, editorId: ack.editor_id });
      });
    };
    socket.on(liveServerEvents.flowEditors, onList);
    socket.on('connect', join);
    if (socket.connected) join();
    return () => {
      closed = true;
      socket.off(liveServerEvents.flowEditors, onList);
      socket.off('connect', join);
      leaveRoom(socket, room);
      socket.disconnect();
      setOwn(null);
      setEditors([]);
    };
  }, [flowId, connectSocket]);

  return { editors, own };
}

/**
 * Tells the room whether the editor has unsaved changes: only when that changed, after
 * `debounceMs` without another change; again after a reconnection (a new editor starts clean).
 */
function useReportDirty(
  flowId: string | null,
  dirty: boolean,
  own: { socket: Socket; editorId: string } | null,
  debounceMs: number,
) {
  const told = useRef(false);
  useEffect(() => {
    told.current = false;
  }, [own]);
  useEffect(() => {
    if (!flowId || !own || dirty === told.current) return;
    const timer = window.setTimeout(() => {
      own.socket.emit(liveClientEvents.editorState, {
        flow_id: flowId,
        dirty,
      } satisfies EditorState);
      told.current = dirty;
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [flowId, dirty, own, debounceMs]);
}

/**
 * Who else has the saved flow open in an editor (room `flow-editors-{flowId}` of the live
 * socket, docs/adr/0103), oldest first, without this editor; this editor's unsaved changes are
 * told to the others. When the person makes their first change while someone else has unsaved
 * changes, a warning says so (once per other editor). `flowId` null: nobody, no socket.
 */
export function useFlowPresence(
  flowId: string | null,
  dirty: boolean,
  { connectSocket = connectEngineSocket, debounceMs = 400 }: UseFlowPresenceOptions = {},
): OtherEditor[] {
  const userId = useSessionUser()?._id;
  const { editors, own } = useEditorsRoom(flowId, connectSocket);
  useReportDirty(flowId, dirty, own, debounceMs);
  const ownId = own?.editorId;
  const others = useMemo(
    () =>
      ownId
        ? editors
            .filter((editor) => editor.editor_id !== ownId)
            .map((editor) => ({
              editorId: editor.editor_id,
              name: editor.name,
              dirty: editor.dirty,
              you: editor.user_id === userId,
            }))
        : [],
    [editors, ownId, userId],
  );
  useUnsavedWarning(dirty, others);
  return others;
}
