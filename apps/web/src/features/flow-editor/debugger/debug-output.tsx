import { useState } from 'react';
import { ActionIcon, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyText } from './copy-text';
import { DebugLogMessage } from './debug-log-message';
import type { DebugCurrentNode } from './debugger-state';

const rootName = 'msg';

/** 'Debug Output': the output of the node held now, with a JSON path picker. */
export function DebugOutput({
  current,
  typeLabel,
}: {
  current: DebugCurrentNode | null;
  typeLabel: (type: string) => string;
}) {
  if (!current) {
    return (
      <Text size="sm" c="dimmed" p="md">
        Nenhum conector aguardando o próximo passo.
      </Text>
    );
  }
  return <NodeOutput key={current.seq} current={current} typeLabel={typeLabel} />;
}

function NodeOutput({
  current,
  typeLabel,
}: {
  current: DebugCurrentNode;
  typeLabel: (type: string) => string;
}) {
  const [path, setPath] = useState(rootName);
  return (
    <Stack gap="xs" p="sm">
      <Group gap="lg">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Tipo:{' '}
          </Text>
          <Text span size="sm" fw={500}>
            {typeLabel(current.type)}
          </Text>
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            UID do conector:{' '}
          </Text>
          <Text span ff="monospace" size="sm">
            {current.uid}
          </Text>
        </Text>
      </Group>
      <TextInput
        label="Caminho JSON"
        description="Clique em uma chave da árvore para selecionar o caminho."
        size="xs"
        readOnly
        value={path}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        rightSection={
          <Tooltip label="Copiar caminho">
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label="Copiar caminho"
              onClick={() => void copyText(path)}
            >
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
        }
      />
      {current.output ? (
        <DebugLogMessage
          log={current.output}
          rootName={rootName}
          onSelectPath={setPath}
          selectedPath={path}
        />
      ) : (
        <Text size="sm" c="dimmed">
          O conector não enviou uma saída.
        </Text>
      )}
    </Stack>
  );
}
