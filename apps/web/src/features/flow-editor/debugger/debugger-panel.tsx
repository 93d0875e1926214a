import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Switch,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlayerStop,
  IconPlayerTrackNext,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { DebugLogDetailModal } from './debug-log-detail-modal';
import { DebugLogList } from './debug-log-list';
import { DebugOutput } from './debug-output';
import type { DebugLog } from './debugger-state';
import classes from './debugger.module.css';
import type { DebuggerController } from './use-debugger';
import { PersonalDataNotice, useDebuggerPersonalData } from './debugger-personal-data';
import type { FlowLgpd } from '@ponte/shared/lgpd/lgpd.schema';

export interface DebuggerPanelProps {
  debug: DebuggerController;
  /** A node id was clicked in a log: show that node in the graph. */
  onHighlightNode: (uid: string) => void;
  /** Closes the debugger (which ends a running session). */
  onClose: () => void;
  /** The name people know a node type by ('Código'), never its type id. */
  typeLabel: (type: string) => string;
  /** The saved flow's LGPD options: whether its debugger shows personal data masked. */
  lgpd?: Pick<FlowLgpd, 'mask'> | undefined;
}

/** The Live Debugger panel (spec 1 §2.7), docked under the graph. */
export function DebuggerPanel({
  debug,
  onHighlightNode,
  onClose,
  typeLabel,
  lgpd,
}: DebuggerPanelProps) {
  const [tab, setTab] = useState<string | null>('logs');
  const [viewed, setViewed] = useState<DebugLog | null>(null);
  const personalData = useDebuggerPersonalData(lgpd);
  const { phase } = debug;
  const rerunDisabled = phase === 'starting' || phase === 'stopping' || personalData.masked;
  const rerun = (executionId: string) => {
    setViewed(null);
    void debug.rerun(executionId);
  };

  return (
    <section className={classes.panel} aria-label="Live Debugger">
      <Group px="md" py={6} gap="sm" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} size="sm">
            Live Debugger
          </Text>
          <Text size="xs" c="dimmed">
            Exibindo últimos {debug.logs.length} logs
          </Text>
          {phase === 'active' ? (
            <Badge color="green" variant="dot">
              Debug ativo
            </Badge>
          ) : null}
          {phase === 'stopping' ? (
            <Badge color="yellow" variant="dot">
              Aguardando finalização
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          {debug.active ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={14} />}
              disabled={phase === 'stopping'}
              onClick={() => void debug.stop()}
            >
              {phase === 'stopping' ? 'Stopping...' : 'Stop Debug'}
            </Button>
          ) : (
            <Button
              size="xs"
              color="grape"
              leftSection={<IconPlayerPlay size={14} />}
              loading={phase === 'starting'}
              onClick={() => void debug.start()}
            >
              Start Debug
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerSkipForward size={14} />}
            disabled={!debug.canNextStep}
            onClick={() => void debug.nextStep()}
          >
            Next Step
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerTrackNext size={14} />}
            disabled={!debug.canNextStep || debug.continuing}
            loading={debug.continuing}
            onClick={debug.continueToBreakpoint}
          >
            Continue
          </Button>
          <Switch
            size="xs"
            label="Exibir logs internos"
            checked={debug.showInternal}
            onChange={(event) => debug.setShowInternal(event.currentTarget.checked)}
          />
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconTrash size={14} />}
            onClick={debug.clearLogs}
          >
            Limpar logs
          </Button>
          <Tooltip label="Fechar o debugger">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Fechar o debugger"
              onClick={onClose}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <PersonalDataNotice notice={personalData.notice} />
      {debug.connectionError ? (
        <Alert color="red" variant="light" py={4} mx="md" mb={4}>
          {debug.connectionError}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={setTab}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Tabs.List px="md">
          <Tabs.Tab value="logs">Mensagens da execução</Tabs.Tab>
          <Tabs.Tab
            value="output"
            rightSection={
              debug.current ? (
                <Badge size="xs" circle color="yellow">
                  1
                </Badge>
              ) : null
            }
          >
            Debug Output
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="logs" className={classes.panelBody}>
          <DebugLogList
            logs={debug.logs}
            onHighlightNode={onHighlightNode}
            onView={setViewed}
            onRerun={rerun}
            rerunDisabled={rerunDisabled}
            rerunRefusal={personalData.rerunRefusal}
          />
        </Tabs.Panel>
        <Tabs.Panel value="output" className={classes.panelBody}>
          <DebugOutput current={debug.current} typeLabel={typeLabel} />
        </Tabs.Panel>
      </Tabs>
      <DebugLogDetailModal
        log={viewed}
        onClose={() => setViewed(null)}
        onRerun={rerun}
        rerunDisabled={rerunDisabled}
        rerunRefusal={personalData.rerunRefusal}
      />
    </section>
  );
}
