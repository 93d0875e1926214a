import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { formatDateTime, truncate } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { useGroupOptions } from '../lib/groups/get-group-options';
import type { TableColumn } from './paginated-table';
import { TruncatedText } from './truncated-text';

/** The 'Grupo' column of a list whose rows name their group by id ('Sem grupo' when none). */
export function useGroupColumn<T extends { group: string | null }>(width = 160): TableColumn<T> {
  const groupOptions = useGroupOptions();
  const groupNames = useMemo(
    () => new Map((groupOptions.data?.items ?? []).map((item) => [item._id, item.name])),
    [groupOptions.data],
  );
  return {
    key: 'group',
    header: 'Grupo',
    width,
    render: (row) => {
      // While the lookup loads, a row with a group shows nothing rather than 'Sem grupo'.
      if (row.group && groupOptions.isPending) return null;
      const name = row.group ? groupNames.get(row.group) : undefined;
      if (!name) {
        return (
          <Text size="sm" c="dimmed">
            Sem grupo
          </Text>
        );
      }
      return (
        <TruncatedText size="sm" full={name}>
          {truncate(name, limits.groupNameDisplay)}
        </TruncatedText>
      );
    },
  };
}

/** The 'Criação' and 'Atualização' columns (DD/MM/YYYY HH:mm:ss, São Paulo). */
export function timestampColumns<
  T extends { created_at: string; updated_at: string },
>(): TableColumn<T>[] {
  return [
    {
      key: 'created',
      header: 'Criação',
      width: 170,
      render: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'updated',
      header: 'Atualização',
      width: 170,
      render: (row) => formatDateTime(row.updated_at),
    },
  ];
}

/** The 'Nome' column: the row's name, cut to its cell, as the link that opens the row. */
export function nameColumn<T extends { name: string }>(to: (row: T) => string): TableColumn<T> {
  return {
    key: 'name',
    header: 'Nome',
    render: (row) => (
      <TruncatedText to={to(row)} size="sm" fw={500}>
        {row.name}
      </TruncatedText>
    ),
  };
}

/** The 'Ações' column at the end of a row, right-aligned, `width` px wide. */
export function actionsColumn<T>(width: number, render: (row: T) => ReactNode): TableColumn<T> {
  return { key: 'actions', header: 'Ações', align: 'right', width, render };
}
