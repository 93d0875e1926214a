import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@ponte/shared/format';
import type { FlowList } from '@ponte/shared/flows.schema';
import { TruncatedText } from '../../components/truncated-text';

interface FlowNameCellProps {
  flow: FlowList['items'][number];
  /** The label of a connector type (from the node library). */
  labelOf: (type: string) => string;
}

/** The Name column of the flows list: link to the editor, trigger badges, last update. */
export function FlowNameCell({ flow, labelOf }: FlowNameCellProps) {
  const triggerTypes = [...new Set((flow.triggers ?? []).map((trigger) => trigger.node_type))];
  return (
    <Stack gap={6}>
      <TruncatedText to={`/flows/${encodeURIComponent(flow._id)}`} fw={600} size="sm">
        {flow.name ?? ''}
      </TruncatedText>
      {triggerTypes.length > 0 ? (
        <Group gap={4}>
          {triggerTypes.map((type) => (
            <Badge key={type} size="sm" variant="light" color="indigo" tt="none">
              {labelOf(type)}
            </Badge>
          ))}
        </Group>
      ) : null}
      {flow.updated_at ? (
        <Text size="xs" c="dimmed">
          Última atualização: {formatDateTime(flow.updated_at)}
        </Text>
      ) : null}
    </Stack>
  );
}
