import { liveSocketPath } from '@ponte/shared/live.schema';
import { defineModule, roles } from '../../container/server-module';
import { addStrictHeadersOnPath } from '../../plugins/security-headers';
import { debuggerRoutes } from './debugger.routes';
import { createDebuggerService } from './debugger.service';
import { createFlowStatusWorker } from './flow-status-cluster';
import { createLiveSocket, type LiveSocketServer } from './live-socket';
import { createSystemStatusSampler } from './system-status';
import { liveAccess } from './live.access';
import { groupAllowed } from '../../lib/group-access/group-scope';

/**
 * The live socket (debugger and live monitoring) on the app's HTTP server, in the processes
 * that serve the API; workers keep the debug sessions and the runner events (the executions
 * module's). And the debugger's HTTP routes.
 */
export const liveModule = defineModule({
  name: 'live',
  access: liveAccess,
  needs: [
    'app',
    'log',
    'now',
    'cluster',
    'auth',
    'securityLog',
    'onSessionsRevoked',
    'flowsRepository',
    'users',
    'executions',
    'runner',
    'debug',
  ],
  provides: [],
  create: () => ({}),
  routes: {
    engine: (engine, { flowsRepository, executions, runner, debug }) =>
      engine.register(debuggerRoutes, {
        service: createDebuggerService({
          findFlow: (workspaceId, flowId) => flowsRepository.find(workspaceId, flowId),
          executions: {
            find: (workspaceId, id) => executions.find(workspaceId, id),
            enqueue: (request) => runner.enqueue(request),
          },
          debug: debug.control,
        }),
      }),
  },
  tasks: (parts) => {
    let socket: LiveSocketServer | null = null;
    let flowStatus: ReturnType<typeof createFlowStatusWorker> | null = null;
    const { redis, bus } = parts.cluster;
    return [
      // With several processes, the executions' node states leave from where they run; in one
      // process the socket sends them itself.
      ...(redis
        ? [
            {
              name: 'status dos conectores ao vivo',
              runsOn: roles.work,
              start() {
                flowStatus = createFlowStatusWorker({
                  redis,
                  bus,
                  runnerEvents: parts.runner.events,
                  onError: (error) => parts.log.error({ err: error }, 'falha no status ao vivo'),
                });
              },
              stop: () => flowStatus?.close(),
            },
          ]
        : []),
      {
        name: 'socket ao vivo',
        runsOn: roles.api,
        start() {
          socket = openLiveSocket(parts);
        },
        // Before the HTTP server closes: it waits for open sockets.
        drain: () => socket?.close(),
        stop: () => undefined,
      },
    ];
  },
});

type LiveParts = Parameters<NonNullable<(typeof liveModule)['tasks']>>[0];

function openLiveSocket(parts: LiveParts): LiveSocketServer {
  const { app, auth, cluster, securityLog, flowsRepository, executions, runner, debug } = parts;
  const socket = createLiveSocket({
    server: app.server,
    resolveSession: (token) => auth.resolveSession(token),
    onSessionsRevoked: parts.onSessionsRevoked,
    now: parts.now,
    flowInWorkspace: async (session, flowId) => {
      const flow = await flowsRepository.find(session.workspaceId, flowId);
      return flow !== null && groupAllowed(session.groupIds, flow.groupId);
    },
    runningExecutions: (workspaceId, within) => executions.running(workspaceId, within),
    editorName: (userId) => parts.users.nameOf(userId),
    runnerEvents: runner.events,
    debugSessions: debug.sessions,
    debug: debug.control,
    ...(cluster.redis ? { cluster: { redis: cluster.redis, bus: cluster.bus } } : {}),
    systemStatus: createSystemStatusSampler(),
    security: securityLog.record,
    onFlowDenied: (session, flowId) =>
      void securityLog.deniedIfForeign(session, { kind: 'flow', id: flowId }, 'socket join'),
    onError: (error) => parts.log.error({ err: error }, 'falha no socket ao vivo'),
  });
  addStrictHeadersOnPath(app.server, liveSocketPath);
  return socket;
}
