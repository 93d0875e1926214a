import { messages } from '@ponte/shared/messages';
import { useSessionUser } from '../../lib/session/session-store';
import { useCan, type Allowance } from '../../lib/session/use-can';

/**
 * Whether the person may set what holds for the whole instance (single sign-on, docs/adr/0108):
 * the instance's owner (the first account), in a workspace where their role has `instance.own`.
 */
export function useInstanceOwner(): Allowance {
  const role = useCan('instance.own');
  const user = useSessionUser();
  if (!role.allowed) return role;
  if (user && !user.is_owner) return { allowed: false, reason: messages.sso.instanceOwnerOnly };
  return role;
}
