import { useId } from 'react';
import { Button, Center, FocusTrap, Group, Loader, Portal, Text, Title } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { IconArrowLeft } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import type { SaveConflict } from '../state/use-flow-save';
import { useFlowVersion } from './api/flow-versions';
import { VersionCompare } from './version-compare';
import { VersionPageState } from './version-page-parts';
import classes from './versions.module.css';

const m = messages.versions;

interface ConflictChangesModalProps {
  flowId: string;
  conflict: SaveConflict;
  onClose: () => void;
}

/**
 * 'Ver as alterações' of a refused save: the other person's change (from the version the editor
 * was based on to the current one) over the whole editor, whose unsaved work stays as it was.
 * Not a Mantine modal: its full-screen content scrolls as one box, the canvas needs a fixed one.
 */
export function ConflictChangesModal({ flowId, conflict, onClose }: ConflictChangesModalProps) {
  const { base } = conflict;
  const current = conflict.details.current_version;
  const before = useFlowVersion(flowId, base);
  const after = useFlowVersion(flowId, current);
  const beforeLabel = `${m.version(base)} (a que você abriu)`;
  const afterLabel = `${m.version(current)} (${m.current.toLowerCase()})`;
  const titleId = useId();
  return (
    <Portal>
      <FocusTrap active>
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={classes.fullScreen}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
        >
          <Group
            component="header"
            justify="space-between"
            gap="sm"
            wrap="wrap"
            px="md"
            py="xs"
            className={classes.fullScreenHeader}
          >
            <div style={{ minWidth: 0 }}>
              <Title order={2} fz="md" id={titleId}>
                Alterações de {conflict.details.changed_by}
              </Title>
              <Text size="xs" c="dimmed">
                Suas alterações não salvas continuam no editor.
              </Text>
            </div>
            <Button size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onClose}>
              Voltar às opções
            </Button>
          </Group>
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
        </div>
      </FocusTrap>
    </Portal>
  );
}
