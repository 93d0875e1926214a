import { useState } from 'react';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconFile, IconFolder, IconFolderPlus, IconUpload } from '@tabler/icons-react';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { formatStorageSize } from '@ponte/shared/storage.schema';
import type { StorageItem } from '@ponte/shared/storage.schema';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { TruncatedText } from '../../components/truncated-text';
import { useStorageItems } from './api/storage-api';
import { StorageBreadcrumbs } from './storage-breadcrumbs';
import { copyPath, StorageRowActions, useStorageRemoval } from './storage-actions';
import { StorageItemModal } from './storage-item-modal';
import type { StorageModalKind } from './storage-item-modal';
import { useStorageParams } from './use-storage-params';
import { useStorageUpload } from './use-storage-upload';
import { useClampedPage } from '../../lib/use-list-params';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';

const pageSize = limits.storagePageSize;

/** The folder's name as the screen says it: HOME for the root. */
const folderLabel = (path: string) => (path === '/' ? 'HOME' : path);

function NameCell({ item, onOpen }: { item: StorageItem; onOpen: (path: string) => void }) {
  const Icon = item.isFolder ? IconFolder : IconFile;
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <Icon
        size={18}
        color={item.isFolder ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-6)'}
        aria-label={item.isFolder ? 'Pasta' : 'Arquivo'}
        style={{ flexShrink: 0 }}
      />
      <TruncatedText
        size="sm"
        fw={500}
        miw={0}
        onClick={item.isFolder ? () => onOpen(item.path) : undefined}
      >
        {item.name}
      </TruncatedText>
    </Group>
  );
}

function PathCell({ path }: { path: string }) {
  return (
    <UnstyledButton
      onClick={() => void copyPath(path)}
      title="Copiar caminho"
      aria-label={`Copiar caminho ${path}`}
      style={{ wordBreak: 'break-all', textAlign: 'left' }}
    >
      <Text size="sm" ff="monospace" c="dimmed" span>
        {path}
      </Text>
    </UnstyledButton>
  );
}

/** /storage (spec 2 'Storage'): the workspace's files and folders. */
export function StoragePage() {
  const { path, search, page, openFolder, setPage } = useStorageParams();
  const { data, isPending } = useStorageItems(path, search);
  const [modal, setModal] = useState<StorageModalKind | null>(null);
  const { upload, replaceDialog } = useStorageUpload();
  const removal = useStorageRemoval((item) => {
    // Deleting the folder one is in (from a search) leaves it for its parent.
    if (item.isFolder && (path === item.path || path.startsWith(`${item.path}/`))) openFolder('/');
  });
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const items = data ?? [];

  useClampedPage(data?.length, pageSize, { page, setPage });

  const columns: TableColumn<StorageItem>[] = [
    { key: 'name', header: 'Nome', render: (item) => <NameCell item={item} onOpen={openFolder} /> },
    { key: 'path', header: 'Caminho', render: (item) => <PathCell path={item.path} /> },
    {
      key: 'size',
      header: 'Tamanho',
      width: 120,
      render: (item) => (
        <Text size="sm" c={item.isFolder ? 'dimmed' : undefined}>
          {item.isFolder ? '—' : formatStorageSize(item.size)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 100,
      render: (item) => <StorageRowActions item={item} onRemove={removal.ask} />,
    },
  ];

  const denied = useCan('storage.write').reason;
  const intoFolder = path === '/' ? '/' : `${path}/`;
  const actions = (
    <>
      <DeniedButton
        variant="default"
        leftSection={<IconFolderPlus size={16} />}
        onClick={() => setModal('folder')}
        denied={denied}
      >
        Criar pasta
      </DeniedButton>
      <DeniedButton
        leftSection={<IconUpload size={16} />}
        onClick={() => setModal('upload')}
        denied={denied}
      >
        Upload
      </DeniedButton>
    </>
  );

  return (
    <>
      <PageHeader title="Storage" actions={actions} />
      <Stack gap="md">
        <SearchBox label={messages.storage.searchPlaceholder} param="search" />
        <StorageBreadcrumbs path={path} onOpen={openFolder} />
        <PaginatedTable
          label="Arquivos e pastas"
          columns={columns}
          rows={items.slice((page - 1) * pageSize, page * pageSize)}
          rowKey={(item) => item.path}
          page={page}
          total={items.length}
          pageSize={pageSize}
          onPageChange={setPage}
          loading={isPending}
          cards={isPhone}
          empty={
            <EmptyState
              title={search ? 'Nenhum arquivo ou pasta encontrado.' : 'Esta pasta está vazia.'}
            />
          }
        />
      </Stack>
      <Dropzone.FullScreen
        disabled={denied !== null}
        onDrop={(files) => files.forEach((file) => void upload(file, intoFolder))}
        aria-label="Soltar arquivos"
      >
        <Stack align="center" justify="center" gap="xs" mih={220} style={{ pointerEvents: 'none' }}>
          <IconUpload size={48} stroke={1.5} />
          <Text size="lg" fw={600} ta="center">
            Solte os arquivos para enviar para {folderLabel(path)}
          </Text>
        </Stack>
      </Dropzone.FullScreen>
      <StorageItemModal
        kind={modal}
        folder={path}
        onClose={() => setModal(null)}
        onUpload={(file, pathFile) => void upload(file, pathFile)}
      />
      {replaceDialog}
      {removal.dialog}
    </>
  );
}
