import type { ReactNode } from 'react';
import { ActionIcon, Button, Paper, Select, Switch, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { limits } from '@ponte/shared/limits';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import classes from './editor-top-card.module.css';

const noGroup = '__none__';

interface EditorTopCardProps {
  onBack: () => void;
  name: string;
  nameError?: string;
  onNameChange: (name: string) => void;
  group: string | null;
  onGroupChange: (group: string | null) => void;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  saving: boolean;
  onSave: () => void;
  /** Who else has the flow open, before 'Salvar' (nothing when nobody does). */
  presence?: ReactNode;
}

/** Spec 1 §2.6 top card: back, name (1–120), group, 'Ativo', who else is here, 'Salvar'. */
export function EditorTopCard({
  onBack,
  name,
  nameError,
  onNameChange,
  group,
  onGroupChange,
  enabled,
  onEnabledChange,
  saving,
  onSave,
  presence,
}: EditorTopCardProps) {
  const groups = useGroupOptions();
  const options = [
    { value: noGroup, label: 'Sem grupo' },
    ...(groups.data?.items ?? []).map((item) => ({ value: item._id, label: item.name })),
  ];

  return (
    <Paper
      withBorder
      radius={0}
      px="md"
      py={8}
      style={{ borderTop: 0, borderLeft: 0, borderRight: 0 }}
    >
      <div className={classes.row}>
        <Tooltip label="Voltar">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onBack} aria-label="Voltar">
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <TextInput
          aria-label="Nome do flow"
          placeholder="Nome do flow"
          value={name}
          onChange={(event) => onNameChange(event.currentTarget.value)}
          maxLength={limits.flowNameMax}
          error={nameError}
          className={classes.name}
        />
        <Select
          aria-label="Grupo"
          data={options}
          value={group ?? noGroup}
          onChange={(value) => onGroupChange(!value || value === noGroup ? null : value)}
          allowDeselect={false}
          searchable
          className={classes.group}
        />
        <Switch
          label="Ativo"
          checked={enabled}
          onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          className={classes.active}
        />
        {presence ? <div className={classes.presence}>{presence}</div> : null}
        <Button
          className={classes.save}
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={onSave}
          loading={saving}
        >
          Salvar
        </Button>
      </div>
    </Paper>
  );
}
