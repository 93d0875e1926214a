import type { ReactNode } from 'react';
import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Approval } from '@ponte/shared/approvals.schema';
import { formatDateTime } from '@ponte/shared/format';
import classes from './approval.module.css';

/** The arguments as formatted JSON: text in a code block, never HTML. */
export function argumentsText(value: unknown): string {
  if (value === undefined) return '{}';
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" className={classes.text}>
        {children}
      </Text>
    </Stack>
  );
}

interface ApprovalCallProps {
  approval: Approval;
  /** The flow's name as shown: a link in the app, plain text on the public page. */
  flow?: ReactNode;
}

/**
 * What a tool call waiting for a person is (docs/adr/0100): flow, agent, tool, when it was
 * asked, what the model wrote and the arguments the tool will run with.
 */
export function ApprovalCall({ approval, flow = approval.flow.name }: ApprovalCallProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <Item label="Flow">{flow}</Item>
        <Item label="Agente">{approval.node.name}</Item>
        <Item label="Ferramenta">{approval.tool.label}</Item>
        <Item label="Pedida em">{formatDateTime(approval.requested_at)}</Item>
      </SimpleGrid>
      {approval.model_text.trim() ? (
        <Item label="Texto do modelo">{approval.model_text}</Item>
      ) : null}
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={500} id={`arguments-${approval._id}`}>
          Argumentos
        </Text>
        <Code
          block
          className={classes.arguments}
          tabIndex={0}
          aria-labelledby={`arguments-${approval._id}`}
          data-testid="approval-arguments"
        >
          {argumentsText(approval.arguments)}
        </Code>
      </Stack>
    </Stack>
  );
}
