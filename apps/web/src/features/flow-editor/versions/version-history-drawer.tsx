import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconEye, IconGitCompare } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import type { VersionSummary } from '@ponte/shared/versions.schema';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api/api-error';
import { useFlowVersionList } from './api/flow-versions';
import { comparePath, versionPath } from './version-page-parts';
import { DeniedButton } from '../../../components/denied-button';
import { useCan } from '../../../lib/session/use-can';

const m = messages.versions;
const pageSize = 20;

interface VersionHistoryDrawerProps {
  flowId: string;
  opened: boolean;
  onClose: () => void;
  /** 'Restaurar' of a version: the editor asks first. */
  onRestore: (number: number, current: number) => void;
}

/** 'Histórico de versões' (docs/adr/0103): the flow's versions, newest first, page by page. */
export function VersionHistoryDrawer({
  flowId,
  opened,
  onClose,
  onRestore,
}: VersionHistoryDrawerProps) {
  const [page, setPage] = useState(1);
  const list = useFlowVersionList(flowId, page, opened);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 440}
      title={m.history}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.historyEmpty}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          aria-label="Versões"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.data.items.map((version) => (
            <VersionItem
              key={version.number}
              flowId={flowId}
              version={version}
              current={list.data.current}
              onRestore={() => onRestore(version.number, list.data.current)}
            />
          ))}
        </Stack>
      )}
      {list.data && list.data.total > 0 ? (
        <Box mt="md">
          <Pagination page={page} total={list.data.total} pageSize={pageSize} onChange={setPage} />
        </Box>
      ) : null}
    </Drawer>
  );
}

interface VersionItemProps {
  flowId: string;
  version: VersionSummary;
  current: number;
  onRestore: () => void;
}

function VersionItem({ flowId, version, current, onRestore }: VersionItemProps) {
  const navigate = useNavigate();
  // Restoring is a save: a role that cannot save sees why (docs/adr/0106).
  const restoreDenied = useCan('flows.write').reason;
  const isCurrent = version.number === current;
  const restoredText =
    version.restored_from !== null ? m.restoredMessage(version.restored_from) : null;
  // A restore without a description has that same text as its message: said once.
  const message = version.message && version.message !== restoredText ? version.message : null;
  // The current version is compared with the one before it; any other with the current.
  const compareTo = isCurrent
    ? version.number > 1
      ? comparePath(flowId, version.number - 1, version.number)
      : null
    : comparePath(flowId, version.number);

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-label={m.version(version.number)}
      data-current={isCurrent || undefined}
      style={isCurrent ? { borderColor: 'var(--mantine-color-blue-4)' } : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs">
          <Text fw={700} size="sm">
            {m.version(version.number)}
          </Text>
          {isCurrent ? (
            <Badge size="sm" variant="light">
              {m.current}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTimeMinutes(version.created_at)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={2}>
        {version.author?.name ?? m.noAuthor}
      </Text>
      {message ? (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      ) : null}
      {restoredText ? (
        <Text size="xs" c="grape.8" mt={4}>
          {restoredText}
        </Text>
      ) : null}
      <Group gap={6} mt="xs">
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconEye size={14} />}
          onClick={() => void navigate(versionPath(flowId, version.number))}
          aria-label={`${m.open} a ${m.version(version.number).toLowerCase()}`}
        >
          {m.open}
        </Button>
        {compareTo ? (
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconGitCompare size={14} />}
            onClick={() => void navigate(compareTo)}
            aria-label={
              isCurrent
                ? `${m.compare} a ${m.version(version.number).toLowerCase()} com a anterior`
                : `${m.compare} a ${m.version(version.number).toLowerCase()} com a atual`
            }
          >
            {m.compare}
          </Button>
        ) : null}
        {!isCurrent ? (
          <DeniedButton
            denied={restoreDenied}
            size="compact-xs"
            variant="default"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={onRestore}
            aria-label={`${m.restore} a ${m.version(version.number).toLowerCase()}`}
          >
            {m.restore}
          </DeniedButton>
        ) : null}
      </Group>
    </Paper>
  );
}
