import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';

/** One icon at the end of a list row: its label is its tooltip and its accessible name. */
export interface RowActionIcon {
  label: string;
  icon: ReactNode;
  /** Gray unless told ('red' for Remover). */
  color?: string;
  loading?: boolean;
  /** Why the role may not (`useCan(…).reason`): the icon stays, disabled, with this tooltip. */
  denied?: string | null;
}

/** Where an icon goes: a route of the app, a page of its own in a new tab, or a handler. */
export type RowActionTarget = { to: string } | { href: string } | { onClick: () => void };

export type RowIconAction = RowActionIcon & RowActionTarget;

/** The icon itself, an element (not a component) so that the tooltip holds it by its ref. */
function actionButton(action: RowIconAction) {
  const common = {
    variant: 'subtle',
    color: action.color ?? 'gray',
    'aria-label': action.label,
    loading: action.loading,
  } as const;
  if (action.denied) {
    // `data-disabled`, not `disabled`: a disabled button gets no pointer, so no tooltip.
    return (
      <ActionIcon
        {...common}
        data-disabled
        aria-disabled
        onClick={(event) => event.preventDefault()}
      >
        {action.icon}
      </ActionIcon>
    );
  }
  if ('to' in action) {
    return (
      <ActionIcon component={Link} to={action.to} {...common}>
        {action.icon}
      </ActionIcon>
    );
  }
  if ('href' in action) {
    return (
      <ActionIcon
        component="a"
        href={action.href}
        target="_blank"
        rel="noopener noreferrer"
        {...common}
      >
        {action.icon}
      </ActionIcon>
    );
  }
  return (
    <ActionIcon onClick={action.onClick} {...common}>
      {action.icon}
    </ActionIcon>
  );
}

/**
 * The icons at the end of a list row, each with its tooltip (with the reason when the role is
 * `denied` it); `null` entries are left out.
 */
export function RowActionIcons({ actions }: { actions: (RowIconAction | null)[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map((action) =>
        action ? (
          <Tooltip
            key={action.label}
            label={action.denied ? `${action.label}: ${action.denied}` : action.label}
            multiline={Boolean(action.denied)}
            maw={280}
          >
            {actionButton(action)}
          </Tooltip>
        ) : null,
      )}
    </Group>
  );
}
