import { IconPlus } from '@tabler/icons-react';
import type { Permission } from '@ponte/shared/roles';
import { useCan } from '../../lib/session/use-can';
import { DeniedButton } from '../denied-button';

function CreateItemButton({
  to,
  label,
  permission,
}: {
  to: string;
  label: string;
  permission: Permission;
}) {
  return (
    <DeniedButton to={to} denied={useCan(permission).reason} leftSection={<IconPlus size={16} />}>
      {label}
    </DeniedButton>
  );
}

/**
 * The page header's button that opens the form of a new item ('Criar tabela'): disabled, with
 * the reason, for a role without `permission` (docs/adr/0106).
 */
export function createItemButton(to: string, label: string, permission: Permission) {
  return <CreateItemButton to={to} label={label} permission={permission} />;
}
