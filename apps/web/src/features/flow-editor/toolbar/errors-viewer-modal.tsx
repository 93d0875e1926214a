import { Badge, Button, Group, List, Modal, Text } from '@mantine/core';
import { IconFocus2 } from '@tabler/icons-react';
import type { FlowIssue } from '@ponte/shared/flow/flow-validator';

interface ErrorsViewerModalProps {
  opened: boolean;
  issues: FlowIssue[];
  onClose: () => void;
  /** Selects the node on the canvas; without it the entries have no button. */
  onSelectNode?: (uid: string) => void;
}

/** The status bar's 'Erros encontrados no fluxo': the validator's issues in order (spec 1 §2.6). */
export function ErrorsViewerModal({
  opened,
  issues,
  onClose,
  onSelectNode,
}: ErrorsViewerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Erros encontrados no fluxo" size="lg" centered>
      {issues.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum erro encontrado no fluxo.
        </Text>
      ) : (
        <List type="ordered" spacing="sm" withPadding>
          {issues.map((issue, index) => (
            <List.Item key={`${index}-${issue.code}-${issue.node_uid ?? ''}`}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  color={issue.level === 'error' ? 'red' : 'yellow'}
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  {issue.level === 'error' ? 'Erro' : 'Aviso'}
                </Badge>
                <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {issue.message}
                </Text>
                {issue.node_uid && onSelectNode && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconFocus2 size={14} />}
                    onClick={() => onSelectNode(issue.node_uid!)}
                    style={{ flexShrink: 0 }}
                  >
                    Selecionar conector
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
