import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { formatStorageSize } from '@ponte/shared/storage.schema';
import { downloadStoredFile } from './download-stored-file';
import { isPlainObject, type DataItem } from './node-data-model';

/** A file in storage as uploads and the storage connectors put it in a message. */
export interface StorageRef {
  path: string;
  name: string;
  size: number;
  mimetype: string;
}

export function isStorageRef(value: unknown): value is StorageRef {
  return (
    isPlainObject(value) &&
    typeof value.path === 'string' &&
    typeof value.name === 'string' &&
    typeof value.size === 'number' &&
    typeof value.mimetype === 'string'
  );
}

const maxRefs = 20;

/**
 * The files the items refer to: a message, one of its fields, or the elements of a field that
 * is a list (the first 20 found).
 */
export function storageRefsOf(items: readonly DataItem[]): StorageRef[] {
  const found = new Map<string, StorageRef>();
  const take = (value: unknown) => {
    if (isStorageRef(value) && !found.has(value.path)) found.set(value.path, value);
  };
  for (const { msg } of items.slice(0, 100)) {
    take(msg);
    for (const value of Object.values(msg)) {
      take(value);
      if (Array.isArray(value)) value.slice(0, maxRefs).forEach(take);
      else if (isPlainObject(value)) Object.values(value).forEach(take);
    }
    if (found.size >= maxRefs) break;
  }
  return [...found.values()].slice(0, maxRefs);
}

/** Name, type and size of each stored file, with 'Baixar' (the session's token, no link). */
export function StorageRefs({ refs }: { refs: readonly StorageRef[] }) {
  if (refs.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Arquivos">
      {refs.map((ref) => (
        <Paper key={ref.path} withBorder p={6}>
          <Group gap="xs" wrap="nowrap">
            <IconFile size={16} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {ref.name}
              </Text>
              <Text size="xs" c="dimmed">
                {ref.mimetype || 'tipo desconhecido'} · {formatStorageSize(ref.size)}
              </Text>
            </Stack>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconDownload size={12} />}
              aria-label={`Baixar ${ref.name}`}
              onClick={() => void downloadStoredFile(ref)}
            >
              Baixar
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
