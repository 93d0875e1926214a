import { IconPencil, IconTrash } from '@tabler/icons-react';
import { RowActionIcons } from './named-resource/row-action-icons';

/** Where an action goes: a route, or a handler (a modal of the page). */
export type RowAction = { to: string } | { onClick: () => void };

/**
 * The 'Editar' and 'Remover' icons at the end of a list row; both disabled, with the reason,
 * when the role is `denied` them (docs/adr/0106).
 */
export function EditRemoveActions({
  edit,
  remove,
  denied = null,
}: {
  edit: RowAction;
  remove: RowAction;
  denied?: string | null;
}) {
  return (
    <RowActionIcons
      actions={[
        { label: 'Editar', icon: <IconPencil size={17} />, denied, ...edit },
        { label: 'Remover', icon: <IconTrash size={17} />, color: 'red', denied, ...remove },
      ]}
    />
  );
}
