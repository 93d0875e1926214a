import type { Socket } from 'socket.io';
import type { AuthContext } from '../../plugins/auth';

interface GuardedData {
  token: string;
  session: AuthContext;
}

type GuardedSocket = Socket<never, never, never, GuardedData>;

export interface SocketSessionGuardDeps {
  now: () => Date;
  /** The session the token opens now, or null (rotated, revoked, expired, user gone). */
  resolveSession(token: string): Promise<AuthContext | null>;
  /** Revocations made by this process (refresh, password change). */
  onSessionsRevoked?: (listener: (sessionIds: readonly string[]) => void) => () => void;
  /** The answer an event with an acknowledgement gets when its session has ended. */
  endedAnswer: unknown;
  onError: (error: unknown) => void;
}

/** setTimeout's longest delay (about 24.8 days); a session never lasts that long. */
const longestDelay = 2 ** 31 - 1;

/**
 * Ends the live sockets whose session ends (ADR 0016): at the token's expiry (a timer), at once
 * when this process revokes the session, and, for a revocation made by another process, at the
 * next event the socket sends (every event re-checks the token against the database; the checks
 * of one socket run one at a time, events that arrive meanwhile wait for the next check).
 */
export function createSocketSessionGuard(deps: SocketSessionGuardDeps) {
  const bySession = new Map<string, Set<GuardedSocket>>();

  const end = (socket: GuardedSocket) => {
    if (socket.connected) socket.disconnect(true);
  };

  const unsubscribe = deps.onSessionsRevoked?.((sessionIds) => {
    for (const id of sessionIds) for (const socket of bySession.get(id) ?? []) end(socket);
  });

  /** One check at a time per socket; callers during a check share the following one. */
  function rechecker(socket: GuardedSocket) {
    const check = async () => {
      const now = await deps.resolveSession(socket.data.token);
      if (now?.sessionId !== socket.data.session.sessionId) return false;
      // The role and the groups as they are now (docs/adr/0109): a change applies at once.
      socket.data.session = now;
      return true;
    };
    let running: Promise<boolean> | null = null;
    let queued: Promise<boolean> | null = null;
    const recheck = (): Promise<boolean> => {
      if (!running) {
        running = check().finally(() => (running = null));
        return running;
      }
      queued ??= running.then(
        () => ((queued = null), recheck()),
        () => ((queued = null), recheck()),
      );
      return queued;
    };
    return recheck;
  }

  function watch(socket: GuardedSocket): void {
    const { sessionId, expiresAt } = socket.data.session;
    const sockets = bySession.get(sessionId) ?? new Set();
    sockets.add(socket);
    bySession.set(sessionId, sockets);
    const delay = Math.min(Math.max(0, expiresAt.getTime() - deps.now().getTime()), longestDelay);
    const timer = setTimeout(() => end(socket), delay);
    socket.on('disconnect', () => {
      clearTimeout(timer);
      sockets.delete(socket);
      if (sockets.size === 0) bySession.delete(sessionId);
    });

    const recheck = rechecker(socket);
    socket.use((packet, next) => {
      recheck().then(
        (valid) => {
          if (valid) return next();
          const ack = packet[packet.length - 1] as unknown;
          if (typeof ack === 'function') (ack as (answer: unknown) => void)(deps.endedAnswer);
          end(socket);
        },
        // The event is dropped; the socket stays (the next event checks again).
        (error: unknown) => deps.onError(error),
      );
    });
  }

  return {
    watch,
    close(): void {
      unsubscribe?.();
      bySession.clear();
    },
  };
}
