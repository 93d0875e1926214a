import { useSessionWorkspace } from '../../lib/session/session-store';

/**
 * The engine's public address for the workspace (PONTE_PUBLIC_URL when set, so it is right
 * behind a reverse proxy); the app's own origin otherwise.
 */
export function useEngineUrl(): string {
  const workspace = useSessionWorkspace();
  return (workspace?.engine_url ?? `${window.location.origin}/engine`).replace(/\/+$/, '');
}
