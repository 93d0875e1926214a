import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow } from '@ponte/shared/flows.schema';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../../lib/api/api-error';
import { getFlowQueryOptions } from '../../../lib/flows/api/get-flow';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';
import { toast } from '../../../lib/toasts';
import { restoreFlowVersion } from './api/flow-versions';

const m = messages.versions;

interface RestoreVersionModalProps {
  flowId: string;
  /** The version to restore; null: the modal is closed. */
  number: number | null;
  /** The flow's current version as the person sees it (a 409 when someone saved since). */
  current: number | undefined;
  /** The editor has unsaved changes, which the restore replaces. */
  dirty?: boolean;
  onClose: () => void;
  /** The flow at its new current version. */
  onRestored: (flow: Flow) => void;
}

/** 'Restaurar': asks first, then makes the version the current one as a new version. */
export function RestoreVersionModal({
  flowId,
  number,
  current,
  dirty = false,
  onClose,
  onRestored,
}: RestoreVersionModalProps) {
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: (version: number) => restoreFlowVersion(flowId, version, current),
    onSuccess: (flow, version) => {
      queryClient.setQueryData(getFlowQueryOptions(flowId).queryKey, flow);
      void queryClient.invalidateQueries({ queryKey: flowsQueryKey });
      toast.success(m.restored(version, flow.version));
      onRestored(flow);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: flowsQueryKey });
      onClose();
    },
  });
  return (
    <Modal
      opened={number !== null}
      onClose={onClose}
      title={number !== null ? m.restoreTitle(number) : ''}
    >
      <Stack gap="md">
        {number !== null && current !== undefined ? (
          <Text size="sm">{m.restoreText(number, current + 1)}</Text>
        ) : null}
        {dirty ? (
          <Alert color="yellow" variant="light">
            {m.restoreDiscards}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            loading={restore.isPending}
            onClick={() => number !== null && restore.mutate(number)}
          >
            {dirty ? 'Descartar e restaurar' : m.restore}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
