import type { EventEmitter } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  liveSocketPath,
  type JoinAck,
  type SystemStatus,
} from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import type { GroupLimit } from '../../lib/group-access/group-scope';
import type { AuthContext } from '../../plugins/auth';
import type { ExecutionRow } from '../executions/executions.repository';
import type { DebugSessions } from './debug-sessions';
import { localDebugControl, type DebugControl } from './debug-control';
import type { ClusterBus } from '../../cluster/cluster-bus';
import { attachRedisAdapter } from './live-socket-cluster';
import { createSocketSessionGuard } from './socket-session-guard';
import type { RecordSecurityEvent } from '../audit/security-log.service';
import { createEventBucket, type EventLimit } from './event-bucket';
import {
  createMonitoringFeed,
  limitedMonitoringRoom,
  monitoringRoom,
  monitoringRoomOf,
} from './monitoring-feed';
import { liveFlowStatus } from './live-flow-status';
import { createFlowEditors, type EditorsData, type FlowEditors } from './flow-editors';
import { hasForbiddenCharacter } from '@ponte/shared/text';
import { debuggerRoomFor, maskedDebuggerRoom } from './debugger-rooms';

const flowStatusPrefix = liveRooms.flowStatus('');
const flowEditorsPrefix = liveRooms.flowEditors('');

export interface LiveSocketDeps {
  server: HttpServer;
  resolveSession(token: string): Promise<AuthContext | null>;
  /**
   * Whether the flow belongs to the session's workspace, and to one of its groups when the
   * member is limited to some (docs/adr/0109).
   */
  flowInWorkspace(session: AuthContext, flowId: string): Promise<boolean>;
  /** The running list; `within`: only flows in those groups (docs/adr/0109). */
  runningExecutions(workspaceId: string, within?: GroupLimit): Promise<RunningExecution[]>;
  /** A person's name, for the editors of a flow (`flow-editors-{flowId}`). */
  editorName(userId: string): Promise<string | null>;
  /** The runner's events (one process): `started` (execution), `finished` (result, execution). */
  runnerEvents: EventEmitter;
  /** This process's debug sessions: in one process, their messages go to the rooms from here. */
  debugSessions: DebugSessions;
  /** The debugger's control (default: this process's sessions); the last page leaving stops. */
  debug?: DebugControl;
  /**
   * Several processes (docs/adr/0067): the socket.io Redis adapter on this Redis; the live lists
   * follow `executions-changed` on the bus; debugger messages come from the workers.
   */
  cluster?: { redis: { url: string; prefix: string }; bus: ClusterBus };
  systemStatus(): SystemStatus;
  /** Revocations made by this process: their sockets end at once (ADR 0016). */
  onSessionsRevoked?: (listener: (sessionIds: readonly string[]) => void) => () => void;
  /** The clock of token expiry (default: the system's). */
  now?: () => Date;
  /**
   * At most one `status-list-updated` per workspace, and one `flow-status` per execution, in
   * this many ms (default 250).
   */
  throttleMs?: number;
  /** Events a socket may send: a burst, refilled per second; beyond it, disconnected. */
  eventLimit?: EventLimit;
  /** The security log: flooding sockets (docs/adr/0021). */
  security?: RecordSecurityEvent;
  /** A debugger room asked for a flow that is not of the socket's workspace. */
  onFlowDenied?: (session: AuthContext, flowId: string) => void;
  onError?: (error: unknown) => void;
}

export const defaultEventLimit: EventLimit = { burst: 50, perSecond: 20 };

interface SocketData extends EditorsData {
  token: string;
  session: AuthContext;
  /** Flows whose `debugger-{flowId}` room this socket joined. */
  debugFlows: Set<string>;
  asking: boolean;
}

type Events = Record<string, (...args: unknown[]) => void>;
type LiveSocket = Socket<Events, Events, Events, SocketData>;

const m = messages.debugger;
const debuggerPrefix = liveRooms.debugger('');

type SessionFromToken = (token: unknown) => Promise<AuthContext | null>;

/** The handshake: `auth.token` must resolve to a session, else `Sessão inválida.`. */
const handshake =
  (sessionFromToken: SessionFromToken, fail: (error: unknown) => void) =>
  (socket: LiveSocket, next: (error?: Error) => void) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    sessionFromToken(token).then(
      (session) => {
        if (!session) return next(new Error(m.invalidSession));
        Object.assign(socket.data, {
          token,
          session,
          debugFlows: new Set(),
          editing: Object.create(null) as EditorsData['editing'],
          asking: false,
        });
        next();
      },
      (error: unknown) => {
        fail(error);
        next(new Error(m.invalidSession));
      },
    );
  };

const maxRoomLength = 200;

const flowRoomPrefixes = {
  debugger: debuggerPrefix,
  flowStatus: flowStatusPrefix,
  flowEditors: flowEditorsPrefix,
} as const;

/** The flow a room of one flow (`debugger-`, `flow-status-`, `flow-editors-{flowId}`) names. */
function flowRoom(room: string): { kind: keyof typeof flowRoomPrefixes; flowId: string } | null {
  for (const [kind, prefix] of Object.entries(flowRoomPrefixes) as [
    keyof typeof flowRoomPrefixes,
    string,
  ][])
    if (room.startsWith(prefix)) return { kind, flowId: room.slice(prefix.length) };
  return null;
}

/**
 * `join` (the session guard re-checked the token): a debugger, flow-status or flow-editors room
 * only for a flow of the workspace. `onFlowStatus` is told of each flow-status join; a
 * flow-editors join answers the socket's editor id.
 */
async function joinRoom(
  socket: LiveSocket,
  room: string,
  deps: Pick<LiveSocketDeps, 'flowInWorkspace' | 'onFlowDenied'>,
  onFlowStatus: (flowId: string) => void,
  editors: FlowEditors,
): Promise<JoinAck> {
  const { session } = socket.data;
  if (room === liveRooms.liveMonitoring) {
    await socket.join(monitoringRoomOf(session));
    return { ok: true };
  }
  const named = flowRoom(room);
  if (!named) return { ok: false, message: m.unknownRoom };
  const { flowId } = named;
  if (!flowId || !(await deps.flowInWorkspace(session, flowId))) {
    if (flowId) deps.onFlowDenied?.(socket.data.session, flowId);
    return { ok: false, message: messages.engine.flowNotFound };
  }
  if (named.kind === 'flowEditors')
    return { ok: true, editor_id: await editors.join(socket, flowId) };
  if (named.kind === 'debugger') {
    // Real values or the stored ones, as the role allows (docs/adr/0122).
    await socket.join(debuggerRoomFor(session.role, flowId));
    socket.data.debugFlows.add(flowId);
    return { ok: true };
  }
  await socket.join(room);
  onFlowStatus(flowId);
  return { ok: true };
}

/** `get-status-list`: the running executions and the system status, one read at a time. */
async function sendStatus(
  socket: LiveSocket,
  deps: Pick<LiveSocketDeps, 'runningExecutions' | 'systemStatus'>,
) {
  if (socket.data.asking) return;
  socket.data.asking = true;
  try {
    const { workspaceId, groupIds } = socket.data.session;
    const list = await deps.runningExecutions(workspaceId, groupIds);
    socket.emit(liveServerEvents.statusList, list);
    socket.emit(liveServerEvents.systemStatus, deps.systemStatus());
  } finally {
    socket.data.asking = false;
  }
}

/**
 * Every incoming event spends a token of the socket's bucket, before the session guard re-checks
 * anything: past the burst the socket is cut and recorded (docs/adr/0021).
 */
function limitEvents(socket: LiveSocket, deps: Pick<LiveSocketDeps, 'eventLimit' | 'security'>) {
  const bucket = createEventBucket(deps.eventLimit ?? defaultEventLimit);
  let cut = false;
  socket.use((_packet, next) => {
    if (bucket.take()) return next();
    if (cut) return;
    cut = true;
    const { userId, workspaceId } = socket.data.session;
    deps.security?.({
      kind: 'throttled',
      userId,
      workspaceId,
      resource: 'socket',
      detail: messages.securityLog.socketFlood,
    });
    socket.disconnect(true);
  });
}

/**
 * Calls `changed` with the workspace of every execution that starts or ends: the runner's
 * events in one process, `executions-changed` from the workers' bus messages with several.
 */
function followExecutions(
  deps: Pick<LiveSocketDeps, 'runnerEvents' | 'cluster'>,
  changed: (workspaceId: string) => void,
): () => void {
  if (deps.cluster)
    return deps.cluster.bus.subscribe('executions-changed', (message) => {
      const { workspaceId } = message as { workspaceId?: unknown };
      if (typeof workspaceId === 'string') changed(workspaceId);
    });
  const onStarted = (execution: ExecutionRow) => changed(execution.workspaceId);
  const onFinished = (_result: unknown, execution: ExecutionRow) => changed(execution.workspaceId);
  deps.runnerEvents.on('started', onStarted);
  deps.runnerEvents.on('finished', onFinished);
  return () => {
    deps.runnerEvents.off('started', onStarted);
    deps.runnerEvents.off('finished', onFinished);
  };
}

/**
 * The live socket (spec 1 §7, spec 2 §7) on the app's HTTP server: session token in the
 * handshake, rooms `live-monitoring` (the workspace's running executions),
 * `debugger-{flowId}` (the flow's debugger messages), `flow-status-{flowId}` (the node states
 * of every execution of the flow) and `flow-editors-{flowId}` (who has the flow open).
 */
export function createLiveSocket(deps: LiveSocketDeps) {
  const throttleMs = deps.throttleMs ?? 250;
  const io = new Server(deps.server, { path: liveSocketPath, serveClient: false });
  const fail = (error: unknown) => deps.onError?.(error);

  const sessionFromToken = async (token: unknown) =>
    typeof token === 'string' && token ? deps.resolveSession(token) : null;

  io.use(handshake(sessionFromToken, fail));
  const guard = createSocketSessionGuard({
    now: deps.now ?? (() => new Date()),
    resolveSession: deps.resolveSession,
    ...(deps.onSessionsRevoked ? { onSessionsRevoked: deps.onSessionsRevoked } : {}),
    endedAnswer: { ok: false, message: m.invalidSession } satisfies JoinAck,
    onError: fail,
  });

  const adapter = deps.cluster ? attachRedisAdapter(io, deps.cluster.redis) : null;
  const debug = deps.debug ?? localDebugControl(deps.debugSessions);
  /** Sockets of the room in this process. */
  const roomSize = (room: string) => io.sockets.adapter.rooms.get(room)?.size ?? 0;

  /** Whether no socket is left in the rooms, on any API process. */
  const roomEmpty = async (...rooms: string[]) => {
    for (const room of rooms)
      if (adapter ? (await adapter.roomSize(room)) > 0 : roomSize(room) > 0) return false;
    return true;
  };

  /** The last socket of a debugger room went away: leaving the page stops the debug. */
  const leftDebugger = (socket: LiveSocket, flowId: string) => {
    socket.data.debugFlows.delete(flowId);
    const { workspaceId } = socket.data.session;
    roomEmpty(liveRooms.debugger(flowId), maskedDebuggerRoom(flowId))
      .then((empty) => (empty ? debug.stop(workspaceId, flowId) : undefined))
      .catch(fail);
  };

  const watchedFlows = liveFlowStatus(io, deps, fail);
  const editors = createFlowEditors(io, { editorName: deps.editorName, onError: fail });
  const join = (socket: LiveSocket, room: string) =>
    joinRoom(socket, room, deps, watchedFlows.joined, editors);

  const leave = async (socket: LiveSocket, room: string) => {
    if (room === liveRooms.liveMonitoring) {
      await socket.leave(monitoringRoom(socket.data.session.workspaceId));
      return socket.leave(limitedMonitoringRoom(socket.data.session.workspaceId));
    }
    const named = flowRoom(room);
    if (named?.kind === 'flowStatus') return socket.leave(room);
    if (named?.kind === 'flowEditors') return editors.leave(socket, named.flowId);
    if (!named || !socket.data.debugFlows.has(named.flowId)) return;
    await socket.leave(room);
    await socket.leave(maskedDebuggerRoom(named.flowId));
    leftDebugger(socket, named.flowId);
  };

  io.on('connection', (socket: LiveSocket) => {
    limitEvents(socket, deps);
    guard.watch(socket);
    editors.watch(socket);
    socket.on(liveClientEvents.join, (room: unknown, ack: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (a: JoinAck) => void) : () => {};
      // A room is a short name: NUL, a lone surrogate or a long text is no room.
      if (typeof room !== 'string' || room.length > maxRoomLength || hasForbiddenCharacter(room))
        return answer({ ok: false, message: m.unknownRoom });
      join(socket, room).then(answer, (error: unknown) => {
        fail(error);
        answer({ ok: false, message: messages.generic.internal });
      });
    });
    socket.on(liveClientEvents.leave, (room: unknown) => {
      if (typeof room === 'string') leave(socket, room).catch(fail);
    });
    socket.on(liveClientEvents.getStatusList, () => {
      sendStatus(socket, deps).catch(fail);
    });
    socket.on('disconnect', () => {
      for (const flowId of [...socket.data.debugFlows]) leftDebugger(socket, flowId);
    });
  });

  // In one process, debugger messages go to the flow's room from here, as the event named
  // after the room; with several, the workers send them through the adapter.
  const unsubscribe = deps.cluster
    ? () => undefined
    : deps.debugSessions.subscribe((flowId, message, masked) => {
        const room = liveRooms.debugger(flowId);
        io.to(room).emit(room, message);
        io.to(maskedDebuggerRoom(flowId)).emit(room, masked ?? message);
      });

  // status-list-updated: at most one per workspace every `throttleMs`, the last state wins.
  const statusUpdates = createMonitoringFeed(io, deps, throttleMs, fail);
  const stopFollowing = followExecutions(deps, (workspaceId) => statusUpdates.changed(workspaceId));

  return {
    io,
    /** Disconnects every client (before the HTTP server closes: it waits for open sockets). */
    async close(): Promise<void> {
      unsubscribe();
      guard.close();
      stopFollowing();
      statusUpdates.close();
      editors.close();
      await watchedFlows.close();
      io.disconnectSockets(true);
      io.engine.close();
      await adapter?.close();
    },
  };
}

export type LiveSocketServer = ReturnType<typeof createLiveSocket>;
