import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconGitCompare } from '@tabler/icons-react';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import type { VersionSummary } from '@ponte/shared/versions.schema';
import { Pagination } from '../pagination';
import { errorMessage } from '../../lib/api/api-error';
import { useVersions, versionsPageSize } from '../../lib/versions/api/get-versions';
import type { VersionedResourceRef } from '../../lib/versions/api/versioned-resource';
import { VersionCompareModal } from './version-compare-modal';
import type { VersionComparison } from './version-compare-modal';
import type { VersionLabels } from './version-labels';
import type { Permission } from '@ponte/shared/roles';
import type { VersionedKind } from '@ponte/shared/versions.schema';
import { DeniedButton } from '../denied-button';
import { useCan } from '../../lib/session/use-can';

const m = messages.versions;

/** What restoring a version of each kind needs: saving it (docs/adr/0106). */
const writePermission: Record<VersionedKind, Permission> = {
  flow: 'flows.write',
  form: 'forms.write',
  dashboard: 'dashboards.write',
  db_table: 'tables.write',
  alert_rule: 'alerts.write',
  queue: 'queues.write',
  custom_node: 'customNodes.write',
};

function VersionItem({
  version,
  current,
  onCompare,
  onRestore,
  restoreDenied,
}: {
  version: VersionSummary;
  current: boolean;
  onCompare: () => void;
  onRestore: () => void;
  /** Why the role cannot restore (a restore is a save); null when it may. */
  restoreDenied: string | null;
}) {
  const title = m.version(version.number);
  const restoredFrom = version.restored_from;
  // A restore without a message of its own says it once, in the note below.
  const message =
    restoredFrom !== null && version.message === m.restoredMessage(restoredFrom)
      ? ''
      : version.message;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={title}
      style={{ listStyle: 'none' }}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {current ? (
            <Badge variant="light" color="blue">
              {m.current}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {version.author?.name || m.noValue} · {formatDateTimeMinutes(version.created_at)}
        </Text>
        {message ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {message}
          </Text>
        ) : null}
        {restoredFrom !== null ? (
          <Text size="xs" c="dimmed" fs="italic">
            {m.restoredMessage(restoredFrom)}
          </Text>
        ) : null}
        {current ? null : (
          <Group gap="xs" mt={2}>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconGitCompare size={14} />}
              onClick={onCompare}
              aria-label={`${m.compare} a versão ${version.number}`}
            >
              {m.compare}
            </Button>
            <DeniedButton
              denied={restoreDenied}
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={onRestore}
              aria-label={`${m.restore} a versão ${version.number}`}
            >
              {m.restore}
            </DeniedButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * 'Histórico de versões': the versions of a resource, the newest first, ten a page; each but
 * the current one can be compared with the current one or restored (`onRestore` asks first).
 */
export function VersionHistoryDrawer({
  resource,
  opened,
  covered,
  labels,
  onClose,
  onRestore,
}: {
  resource: VersionedResourceRef;
  opened: boolean;
  /** A dialog of the page is over it: Esc is that dialog's alone. */
  covered: boolean;
  labels: VersionLabels;
  onClose: () => void;
  onRestore: (number: number) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const restoreDenied = useCan(writePermission[resource.kind]).reason;
  const [page, setPage] = useState(1);
  const list = useVersions(resource, page, opened);
  const [comparison, setComparison] = useState<VersionComparison | null>(null);
  const current = list.data?.current ?? 0;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={m.history}
      position="right"
      size={isPhone ? '100%' : 'md'}
      // Mantine hears Esc on the window: without this, the Esc that closes a comparison or a
      // question over the drawer would close the drawer too.
      closeOnEscape={!covered && comparison === null}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {list.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(list.error)}
        </Alert>
      ) : !list.data ? (
        <Loader size="sm" aria-label="Carregando" />
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.historyEmpty}
        </Text>
      ) : (
        <Stack gap="md">
          <Stack component="ul" gap="sm" p={0} m={0} aria-label={m.history}>
            {list.data.items.map((version) => (
              <VersionItem
                key={version.number}
                version={version}
                current={version.number === current}
                onCompare={() =>
                  setComparison({
                    from: version.number,
                    to: current,
                    current,
                    title: m.compareTitle(version.number),
                  })
                }
                onRestore={() => onRestore(version.number)}
                restoreDenied={restoreDenied}
              />
            ))}
          </Stack>
          <Pagination
            page={page}
            total={list.data.total}
            pageSize={versionsPageSize}
            onChange={setPage}
          />
        </Stack>
      )}
      <VersionCompareModal
        resource={resource}
        comparison={comparison}
        labels={labels}
        onClose={() => setComparison(null)}
      />
    </Drawer>
  );
}
