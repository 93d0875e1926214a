import { MultiSelect } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { groupLimitable, type Role } from '@ponte/shared/roles';
import { useGroupOptions } from '../../lib/groups/get-group-options';

/** Group names by id, from the groups lookup. */
export function useGroupNames(): Map<string, string> {
  const groups = useGroupOptions();
  return new Map((groups.data?.items ?? []).map((group) => [group._id, group.name]));
}

/** 'Vendas, Financeiro', or 'Todos os grupos' for a person not limited. */
export const groupsText = (groups: string[] | null, names: Map<string, string>) =>
  groups ? groups.map((id) => names.get(id) ?? 'Grupo excluído').join(', ') : 'Todos os grupos';

interface GroupAccessFieldProps {
  /** The role the person has (or will have): owners and admins reach every group. */
  role: Role;
  /** The groups chosen; empty: every group. */
  value: string[];
  onChange: (groups: string[]) => void;
  label?: string;
  w?: number | string;
  /** Beside other fields in a row: the reason stays in the placeholder and the tooltip-free row aligns. */
  inline?: boolean;
}

/**
 * 'Grupos' of a member or an invitation (docs/adr/0109): none chosen is every group; chosen,
 * the person reaches only what is in them. Disabled, saying why, for owners and admins.
 */
export function GroupAccessField({
  role,
  value,
  onChange,
  label = 'Grupos',
  w,
  inline = false,
}: GroupAccessFieldProps) {
  const groups = useGroupOptions();
  const limitable = groupLimitable(role);
  const data = (groups.data?.items ?? []).map((group) => ({ value: group._id, label: group.name }));
  // In a row of other fields, a workspace without groups has nothing to offer here.
  if (inline && data.length === 0) return null;
  return (
    <MultiSelect
      label={label}
      data={data}
      value={limitable ? value.filter((id) => data.some((item) => item.value === id)) : []}
      onChange={onChange}
      disabled={!limitable || data.length === 0}
      placeholder={value.length || !limitable ? undefined : 'Todos os grupos'}
      description={
        inline && limitable
          ? undefined
          : !limitable
            ? messages.members.groupsForRole
            : data.length === 0
              ? 'O workspace ainda não tem grupos: a pessoa tem acesso a tudo.'
              : 'Sem nenhum escolhido, a pessoa tem acesso a todos os grupos.'
      }
      searchable
      clearable
      nothingFoundMessage="Nenhum grupo encontrado"
      w={w}
    />
  );
}
