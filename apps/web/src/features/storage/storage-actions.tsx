import { useState } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@ponte/shared/messages';
import { storageBaseName } from '@ponte/shared/storage.schema';
import type { StorageItem } from '@ponte/shared/storage.schema';
import { ConfirmModal } from '../../components/confirm-modal';
import { downloadBlob } from '../../lib/download-text';
import { toast } from '../../lib/toasts';
import { useCan } from '../../lib/session/use-can';
import {
  deleteStorageItem,
  downloadStorageFile,
  storageFailure,
  storageQueryKey,
} from './api/storage-api';
import { copyText } from './copy-text';

const m = messages.storage;

/** Copies an item's path, with the spec's toast. */
export async function copyPath(path: string): Promise<void> {
  try {
    await copyText(path);
    toast.success(m.pathCopied);
  } catch {
    toast.error('Não foi possível copiar o caminho. Selecione e copie o texto.');
  }
}

/** Fetches the file with the session's token, then saves it under its own name. */
export async function downloadItem(item: StorageItem): Promise<void> {
  try {
    const { blob, filename } = await downloadStorageFile(item.path);
    downloadBlob(filename ?? (storageBaseName(item.path) || item.name), blob);
    toast.success(m.downloaded);
  } catch (error) {
    toast.error(storageFailure(error, m.downloadError));
  }
}

/** Delete after the spec's confirmation, for files and folders. */
export function useStorageRemoval(onRemoved: (item: StorageItem) => void) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<StorageItem | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteStorageItem(removing.path);
      toast.success(m.removed(removing.isFolder));
      onRemoved(removing);
    } catch (error) {
      toast.error(storageFailure(error, m.removeError));
    } finally {
      setBusy(false);
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: storageQueryKey });
    }
  };

  const dialog = (
    <ConfirmModal
      opened={removing !== null}
      title={removing?.isFolder ? 'Excluir pasta' : 'Excluir arquivo'}
      message={m.removeConfirm(removing?.isFolder ?? false)}
      onConfirm={() => void confirm()}
      onCancel={() => setRemoving(null)}
      loading={busy}
      danger
    />
  );
  return { ask: setRemoving, dialog };
}

/**
 * A row's actions: download (files only) and delete, disabled with the reason for a role that
 * may not edit files (docs/adr/0106).
 */
export function StorageRowActions({
  item,
  onRemove,
}: {
  item: StorageItem;
  onRemove: (item: StorageItem) => void;
}) {
  const denied = useCan('storage.write').reason;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {item.isFolder ? null : (
        <Tooltip label="Baixar">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Baixar ${item.name}`}
            onClick={() => void downloadItem(item)}
          >
            <IconDownload size={17} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip
        label={denied ? `Excluir: ${denied}` : 'Excluir'}
        multiline={Boolean(denied)}
        maw={280}
      >
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Excluir ${item.name}`}
          {...(denied
            ? { 'data-disabled': true, 'aria-disabled': true }
            : { onClick: () => onRemove(item) })}
        >
          <IconTrash size={17} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
