import { useEffect, useReducer, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import {
  flowStatusEventSchema,
  type ExecutionMode,
  type FlowStatusEvent,
} from '@ponte/shared/execution-data.schema';
import { liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import { connectEngineSocket, joinRoom, leaveRoom } from '../../../lib/engine/engine-socket';
import type { CanvasNodeState } from './run-data-types';

/** The execution whose node states the canvas shows. */
export interface FlowStatusExecution {
  executionId: string;
  mode: ExecutionMode;
  /** Set once it ended: how. */
  finished?: NonNullable<FlowStatusEvent['finished']>;
}

export interface FlowStatus {
  /** Each node's state in the latest execution; empty before the first one. */
  nodeStates: ReadonlyMap<string, CanvasNodeState>;
  /** The latest execution, null before the first one. */
  latest: FlowStatusExecution | null;
}

export interface UseFlowStatusOptions {
  /** Tests pass a fake socket. */
  connectSocket?: () => Socket;
  /** Called once when the latest execution ends (the editor refreshes its data then). */
  onFinished?: (execution: FlowStatusExecution) => void;
}

interface State extends FlowStatus {
  /** Executions already shown (newest last): their late events never take the canvas back. */
  seen: string[];
}

const initial: State = { nodeStates: new Map(), latest: null, seen: [] };
const seenKept = 50;

function reduce(state: State, action: FlowStatusEvent | 'reset'): State {
  if (action === 'reset') return initial;
  const { execution_id: executionId } = action;
  if (state.latest?.executionId !== executionId && state.seen.includes(executionId)) return state;
  const nodeStates = new Map<string, CanvasNodeState>(
    action.nodes.map((node) => [
      node.node_uid,
      {
        state: node.state,
        items: node.items,
        ...(node.state === 'running' && node.text !== undefined ? { text: node.text } : {}),
        ...(node.state === 'retrying' && node.retry ? { retry: node.retry } : {}),
      },
    ]),
  );
  const latest: FlowStatusExecution = {
    executionId,
    mode: action.mode,
    ...(action.finished ? { finished: action.finished } : {}),
  };
  const seen = state.seen.includes(executionId)
    ? state.seen
    : [...state.seen, executionId].slice(-seenKept);
  return { nodeStates, latest, seen };
}

/**
 * The live node status of every execution of the open flow (room `flow-status-{flowId}`,
 * docs/adr/0089), as Node-RED's node status: while the editor of a saved flow is open, each
 * event of the server carries every node seen so far in one execution. The canvas shows the
 * latest execution to start (a later event of an older one is ignored), kept after it ends until
 * the next one starts.
 *
 * `latest` says which execution that is, its mode ('production' | 'editor') and, once it ended,
 * `finished`; `onFinished` is called once at that moment (for example to refetch the data of an
 * editor run). `flowId` null (a flow not saved yet): no socket, nothing shown.
 */
export function useFlowStatus(
  flowId: string | null,
  { connectSocket = connectEngineSocket, onFinished }: UseFlowStatusOptions = {},
): FlowStatus {
  const [state, dispatch] = useReducer(reduce, initial);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  }, [onFinished]);

  useEffect(() => {
    if (!flowId) return;
    const socket = connectSocket();
    const room = liveRooms.flowStatus(flowId);
    const onEvent = (payload: unknown) => {
      const parsed = flowStatusEventSchema.safeParse(payload);
      if (parsed.success) dispatch(parsed.data);
    };
    // Rooms do not survive a reconnection: join on every connection.
    const join = () => void joinRoom(socket, room);
    socket.on(liveServerEvents.flowStatus, onEvent);
    socket.on('connect', join);
    if (socket.connected) join();
    return () => {
      socket.off(liveServerEvents.flowStatus, onEvent);
      socket.off('connect', join);
      leaveRoom(socket, room);
      socket.disconnect();
      dispatch('reset');
    };
  }, [flowId, connectSocket]);

  const finishedKey = state.latest?.finished ? state.latest.executionId : null;
  useEffect(() => {
    if (finishedKey && state.latest) onFinishedRef.current?.(state.latest);
    // Once per ended execution.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedKey]);

  return { nodeStates: state.nodeStates, latest: state.latest };
}
