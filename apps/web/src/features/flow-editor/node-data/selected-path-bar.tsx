import { Button, Code, Group, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyText } from '../debugger/copy-text';

/** The field clicked in a data view, with 'Copiar caminho' (as `{{ msg.path }}`). */
export function SelectedPathBar({ path }: { path: string | null }) {
  if (!path) {
    return (
      <Text size="xs" c="dimmed">
        Arraste um campo para um parâmetro, ou clique nele para copiar o caminho.
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Campo selecionado">
      <Code style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {path}
      </Code>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconCopy size={12} />}
        onClick={() => void copyText(`{{ ${path} }}`, 'Caminho copiado.')}
      >
        Copiar caminho
      </Button>
    </Group>
  );
}
