import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconFileText,
  IconPencil,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FlowList } from '@ponte/shared/flows.schema';
import { hasManualTrigger } from '../../lib/flows/has-manual-trigger';
import { useCan } from '../../lib/session/use-can';

interface FlowRowActionsProps {
  flow: FlowList['items'][number];
  onRun: () => void;
  onDuplicate: () => void;
}

/** /monitoring with the flow's logs of the last day (spec 1 §2.4). */
function flowLogsHref(flowId: string): string {
  const filters = JSON.stringify({ flow: flowId, date_alias: '1d' });
  return `/monitoring?filters=${encodeURIComponent(filters)}`;
}

/**
 * The actions of one row of the flows list: Executar (only for an enabled flow with a Manual
 * Trigger, spec 1 §4), Ver logs (a new tab) and the options menu.
 */
export function FlowRowActions({ flow, onRun, onDuplicate }: FlowRowActionsProps) {
  const flowId = flow._id;
  const canRun = flow.enabled && hasManualTrigger(flow);
  const editHref = `/flows/${encodeURIComponent(flowId)}`;
  // Roles (docs/adr/0106): running is 'executar', the menu's changes are 'editar flows'.
  const run = useCan('flows.run');
  const edit = useCan('flows.write');
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {canRun && run.allowed ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          onClick={onRun}
        >
          Executar
        </Button>
      ) : null}
      <Button
        component="a"
        href={flowLogsHref(flowId)}
        target="_blank"
        rel="noopener"
        size="xs"
        variant="default"
        leftSection={<IconFileText size={14} />}
      >
        Ver logs
      </Button>
      <Menu position="bottom-end" width={180} shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Opções">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={editHref} leftSection={<IconPencil size={15} />}>
            {edit.allowed ? 'Editar' : 'Abrir'}
          </Menu.Item>
          {edit.allowed ? (
            <>
              <Menu.Item leftSection={<IconCopy size={15} />} onClick={onDuplicate}>
                Duplicar flow
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={`/flows/delete/${encodeURIComponent(flowId)}`}
                color="red"
                leftSection={<IconTrash size={15} />}
              >
                Remover
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
