import { Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { IconArrowLeft } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import type { SaveConflict } from '../state/use-flow-save';
import { useFlowVersion } from './api/flow-versions';
import { VersionCompare } from './version-compare';
import { VersionPageState } from './version-page-parts';

const m = messages.versions;

interface ConflictChangesModalProps {
  flowId: string;
  conflict: SaveConflict;
  onClose: () => void;
}

/**
 * 'Ver as alterações' of a refused save: the other person's change (from the version the editor
 * was based on to the current one), over the editor, whose unsaved work stays as it was.
 */
export function ConflictChangesModal({ flowId, conflict, onClose }: ConflictChangesModalProps) {
  const { base } = conflict;
  const current = conflict.details.current_version;
  const before = useFlowVersion(flowId, base);
  const after = useFlowVersion(flowId, current);
  const beforeLabel = `${m.version(base)} (a que você abriu)`;
  const afterLabel = `${m.version(current)} (${m.current.toLowerCase()})`;
  return (
    <Modal.Root opened onClose={onClose} fullScreen>
      <Modal.Content style={{ display: 'flex', flexDirection: 'column' }}>
        <Modal.Header
          px="md"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" gap="sm" wrap="wrap" w="100%">
            <div style={{ minWidth: 0 }}>
              <Modal.Title fw={700}>Alterações de {conflict.details.changed_by}</Modal.Title>
              <Text size="xs" c="dimmed">
                Suas alterações não salvas continuam no editor.
              </Text>
            </div>
            <Button size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onClose}>
              Voltar às opções
            </Button>
          </Group>
        </Modal.Header>
        <Modal.Body
          p={0}
          style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        >
          <VersionPageState
            pending={before.isPending || after.isPending}
            error={before.error ?? after.error}
          >
            {() =>
              before.data && after.data ? (
                <ReactFlowProvider>
                  <VersionCompare
                    before={before.data.document}
                    after={after.data.document}
                    beforeLabel={beforeLabel}
                    afterLabel={afterLabel}
                  />
                </ReactFlowProvider>
              ) : (
                <Center flex={1}>
                  <Loader aria-label="Carregando" />
                </Center>
              )
            }
          </VersionPageState>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
