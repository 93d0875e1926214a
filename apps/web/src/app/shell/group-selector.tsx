import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFolders } from '@tabler/icons-react';
import { truncate } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { useSessionWorkspace } from '../../lib/session/session-store';

const allGroups = '__all__';

/** Spec 1 §2.2: 'Todos os grupos' (for a limited member, 'Todos os seus grupos') or one group. */
export function GroupSelector() {
  const { data, isSuccess } = useGroupOptions();
  const [selected, setSelected] = useSelectedGroup();
  const groups = data?.items;
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  // A member limited to some groups (docs/adr/0109) sees all of theirs, not the workspace's.
  const limited = Boolean(useSessionWorkspace()?.groups);

  useEffect(() => {
    if (isSuccess && selected && !groups?.some((group) => group._id === selected)) setSelected('');
  }, [isSuccess, groups, selected, setSelected]);

  const options = [
    { value: allGroups, label: limited ? 'Todos os seus grupos' : 'Todos os grupos' },
    ...(groups ?? []).map((group) => ({
      value: group._id,
      label: truncate(group.name, limits.groupNameDisplay),
    })),
  ];

  return (
    <Select
      aria-label="Grupo selecionado"
      data={options}
      value={selected || allGroups}
      onChange={(value) => setSelected(!value || value === allGroups ? '' : value)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Nenhum grupo encontrado"
      // On a phone the header's free room is the select's, without the icon: 'Todos os grupos'
      // reads whole at 390 px and a long name ends in an ellipsis.
      leftSection={isPhone ? undefined : <IconFolders size={16} stroke={1.6} />}
      flex={{ base: 1, sm: 'none' }}
      miw={0}
      w={{ base: 'auto', sm: 230 }}
      size="sm"
      styles={{ input: { textOverflow: 'ellipsis' } }}
      comboboxProps={{ shadow: 'md', width: isPhone ? 260 : 'target', position: 'bottom-end' }}
    />
  );
}
