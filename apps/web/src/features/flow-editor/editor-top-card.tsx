import type { ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Switch,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronDown,
  IconDeviceFloppy,
  IconLock,
  IconMessage,
} from '@tabler/icons-react';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useCan } from '../../lib/session/use-can';
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
  /** 'Salvar com descrição…' (absent for a new flow: its first version has no message). */
  onSaveWithMessage?: (() => void) | undefined;
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
  onSaveWithMessage,
}: EditorTopCardProps) {
  const groups = useGroupOptions();
  const readOnly = useCan('flows.write');
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
          disabled={!readOnly.allowed}
          checked={enabled}
          onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          className={classes.active}
        />
        {presence ? <div className={classes.presence}>{presence}</div> : null}
        {readOnly.allowed ? (
          <SaveButton saving={saving} onSave={onSave} onSaveWithMessage={onSaveWithMessage} />
        ) : (
          <Tooltip label={readOnly.reason} multiline w={260}>
            <Badge
              variant="light"
              color="gray"
              size="lg"
              leftSection={<IconLock size={14} />}
              className={classes.save}
              tt="none"
            >
              Somente leitura
            </Badge>
          </Tooltip>
        )}
      </div>
    </Paper>
  );
}

/** 'Salvar', with 'Salvar com descrição…' beside it once the flow exists. */
function SaveButton({
  saving,
  onSave,
  onSaveWithMessage,
}: Pick<EditorTopCardProps, 'saving' | 'onSave' | 'onSaveWithMessage'>) {
  return (
    <Group gap={0} wrap="nowrap" className={classes.save}>
      <Button
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onSave}
        loading={saving}
        className={onSaveWithMessage ? classes.saveMain : undefined}
      >
        Salvar
      </Button>
      {onSaveWithMessage ? (
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <ActionIcon
              size={36}
              aria-label="Opções da versão"
              className={classes.saveMore}
              disabled={saving}
            >
              <IconChevronDown size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconMessage size={16} />} onClick={onSaveWithMessage}>
              {messages.versions.saveWithMessage}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
