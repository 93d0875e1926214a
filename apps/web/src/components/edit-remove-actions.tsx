import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where an action goes: a route, or a handler (a modal of the page). */
export type RowAction = { to: string } | { onClick: () => void };

function ActionButton(props: {
  action: RowAction;
  label: string;
  color: string;
  children: ReactNode;
}) {
  const { action, label, color, children } = props;
  const common = { variant: 'subtle', color, 'aria-label': label } as const;
  return (
    <Tooltip label={label}>
      {'to' in action ? (
        <ActionIcon component={Link} to={action.to} {...common}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={action.onClick} {...common}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** The 'Editar' and 'Remover' icons at the end of a list row. */
export function EditRemoveActions({ edit, remove }: { edit: RowAction; remove: RowAction }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionButton action={edit} label="Editar" color="gray">
        <IconPencil size={17} />
      </ActionButton>
      <ActionButton action={remove} label="Remover" color="red">
        <IconTrash size={17} />
      </ActionButton>
    </Group>
  );
}
