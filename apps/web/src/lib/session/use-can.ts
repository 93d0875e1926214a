import { messages } from '@ponte/shared/messages';
import { can, deniedBecause, type Permission } from '@ponte/shared/roles';
import { useSessionWorkspace } from './session-store';

export interface Allowance {
  allowed: boolean;
  /** Why not, in pt-BR ('Seu papel (Operador) não permite editar flows.'); null when allowed. */
  reason: string | null;
}

/**
 * Whether the signed-in person's role in the current workspace allows an action (docs/adr/0106),
 * to hide or disable what it does not. Before the workspace is known, allowed: the server
 * decides anyway.
 */
export function useCan(permission: Permission): Allowance {
  const workspace = useSessionWorkspace();
  const role = workspace?.role;
  if (role && !can(role, permission))
    return { allowed: false, reason: deniedBecause(role, permission) };
  // A member limited to some groups manages none of them (docs/adr/0109).
  if (permission === 'groups.write' && workspace?.groups)
    return { allowed: false, reason: messages.groupAccess.cannotManage };
  return { allowed: true, reason: null };
}
