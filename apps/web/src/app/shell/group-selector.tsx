import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { truncate } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useSelectedGroup } from '../../lib/groups/selected-group';

const allGroups = '__all__';

/** Spec 1 §2.2: 'Todos os grupos' or one group; lists follow the choice. */
export function GroupSelector() {
  const { data, isSuccess } = useGroupOptions();
  const [selected, setSelected] = useSelectedGroup();
  const groups = data?.items;

  useEffect(() => {
    if (isSuccess && selected && !groups?.some((group) => group._id === selected)) setSelected('');
  }, [isSuccess, groups, selected, setSelected]);

  const options = [
    { value: allGroups, label: 'Todos os grupos' },
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
      leftSection={<IconFolders size={16} stroke={1.6} />}
      w={{ base: 150, sm: 230 }}
      size="sm"
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
