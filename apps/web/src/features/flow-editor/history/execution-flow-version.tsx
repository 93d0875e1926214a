import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { versionSchema } from '@ponte/shared/versions.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';
import { flowVersionCompareUrl, flowVersionUrl } from '../../../lib/versions/version-links';

const m = messages.versions;

interface ExecutionFlowVersionProps {
  flowId: string;
  /** The flow's version the execution ran; null: it ran before versions existed. */
  version: number | null | undefined;
  /** The flow's current version; undefined while it loads, or when the flow is gone. */
  current: number | undefined;
}

/** GET /api/v1/flows/{id}/versions/{n}: only to learn whether the retention still keeps it. */
function useVersionKept(flowId: string, version: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...flowsQueryKey, 'detail', flowId, 'versions', version],
    queryFn: () =>
      apiRequest(`/api/v1/flows/${encodeURIComponent(flowId)}/versions/${version}`, {
        schema: versionSchema,
        silent: true,
      }),
    enabled,
    // A version never changes; only the retention may remove it.
    staleTime: Infinity,
  });
}

/**
 * 'Versão N' and 'Comparar com a atual' on a past execution's page (docs/adr/0103): the version
 * of the flow it ran. Nothing for an execution from before versions; the retention's notice when
 * that version was removed. The current version is always kept: only an older one is asked for.
 */
export function ExecutionFlowVersion({ flowId, version, current }: ExecutionFlowVersionProps) {
  const known = typeof version === 'number' && current !== undefined;
  const isCurrent = known && version === current;
  const check = useVersionKept(flowId, version, known && !isCurrent);
  if (!known) return null;
  if (isApiError(check.error) && check.error.status === 404) {
    return (
      <Text size="sm" c="dimmed" data-testid="execution-flow-version">
        {m.pruned}
      </Text>
    );
  }
  if (!isCurrent && !check.isSuccess) {
    return (
      <Text size="sm" data-testid="execution-flow-version">
        {m.version(version)}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" data-testid="execution-flow-version">
      <Anchor component={Link} to={flowVersionUrl(flowId, version)} size="sm">
        {m.version(version)}
      </Anchor>
      {isCurrent ? (
        <Badge variant="light" color="gray" miw="max-content">
          {m.current}
        </Badge>
      ) : (
        <Anchor component={Link} to={flowVersionCompareUrl(flowId, version)} size="sm">
          {m.compareWithCurrent}
        </Anchor>
      )}
    </Group>
  );
}
