import { Box, CloseButton, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { CopyIconButton } from '../../../components/copy-icon-button';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { ConnectorIcon } from '../canvas/connector-icon';

interface NodePanelHeaderProps {
  node: FlowNode;
  manifest: NodeManifest | undefined;
  onClose: () => void;
}

/** Icon, type label, the node's uid (copyable) and the close button. */
export function NodePanelHeader({ node, manifest, onClose }: NodePanelHeaderProps) {
  return (
    <Group
      p="sm"
      gap="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <ThemeIcon variant="light" size="lg" color={manifest ? undefined : 'red'}>
        <ConnectorIcon
          icon={manifest?.icon}
          image={manifest?.custom?.image}
          custom={!!manifest?.custom}
          size={20}
        />
      </ThemeIcon>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} fz="md" lineClamp={1}>
          {manifest?.label ?? node.type}
        </Title>
        <Group gap={2} wrap="nowrap">
          {manifest?.custom ? (
            <Text size="xs" c="dimmed" mr={6} style={{ flex: 'none' }}>
              Versão {node.typeVersion}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {node.uid}
          </Text>
          <CopyIconButton value={node.uid} label="Copiar identificador" />
        </Group>
      </Box>
      <CloseButton aria-label="Fechar painel" onClick={onClose} />
    </Group>
  );
}
