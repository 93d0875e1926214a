import type { ReactNode } from 'react';
import { Anchor, Button, Code, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowLeft, IconCopy, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { DeniedButton } from '../../../components/denied-button';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';
import { useCan } from '../../../lib/session/use-can';
import type { AiTokens } from '@ponte/shared/ai-tokens.schema';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import { formatDateTime, formatDuration } from '@ponte/shared/format';
import { EditorModeBadge, ExecutionStatusBadge } from '../../../components/execution-status-badge';
import { AiTokensText } from '../run-data/ai-tokens-text';
import { ExecutionTraceId } from './execution-trace-id';

interface ExecutionTopBarProps {
  executionId: string;
  /** undefined while loading. */
  execution: ExecutionData['execution'] | undefined;
  /** What its model calls spent (none: it called no model). */
  aiTokens?: AiTokens | undefined;
  flowName?: string;
  /** The flow's version it ran ('Versão N', 'Comparar com a atual'), when there is one. */
  flowVersion?: ReactNode;
  onBack: () => void;
  /** undefined: nothing to copy (no data kept, or the flow is gone). */
  onCopy?: () => void;
  copying: boolean;
  /** undefined: the flow no longer exists. */
  onOpenFlow?: () => void;
  /** 'Reexecutar' the whole execution (undefined: it has not finished, or the flow is gone). */
  onRerun?: () => void;
}

/** The bar over a past execution: what it was, how it ended, and where to go from it. */
export function ExecutionTopBar({
  executionId,
  execution,
  aiTokens,
  flowName,
  flowVersion,
  onBack,
  onCopy,
  copying,
  onOpenFlow,
  onRerun,
}: ExecutionTopBarProps) {
  // Its data was stored masked: a re-run would run on the masked values (docs/adr/0122).
  const rerunDenied =
    useCan('flows.run').reason ?? (execution?.personal_data_masked ? maskedRerunRefusal : null);
  return (
    <Paper component="header" withBorder radius={0} px="md" py="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
            onClick={onBack}
          >
            Voltar
          </Button>
          <Title order={1} fz="md" style={{ wordBreak: 'break-all' }}>
            Execução <Code fz="sm">{executionId}</Code>
          </Title>
          {flowName ? (
            <Text size="sm" c="dimmed" truncate="end" maw={240}>
              {flowName}
            </Text>
          ) : null}
          {flowVersion}
          {execution ? (
            <>
              <ExecutionStatusBadge status={execution.status} />
              {execution.mode === 'editor' ? <EditorModeBadge /> : null}
              <Text size="sm" aria-label="Início">
                {formatDateTime(execution.started_at)}
              </Text>
              {execution.duration_ms !== null ? (
                <Text size="sm" c="dimmed" aria-label="Duração">
                  {formatDuration(execution.duration_ms)}
                </Text>
              ) : null}
              <AiTokensText tokens={aiTokens} />
              <ExecutionTraceId traceId={execution.trace_id} />
              {execution.rerun_of ? (
                <Anchor
                  component={Link}
                  size="sm"
                  to={`/flows/${encodeURIComponent(execution.flow_id)}/execucoes/${encodeURIComponent(execution.rerun_of)}`}
                >
                  Reexecução de {execution.rerun_of.slice(0, 8)}
                </Anchor>
              ) : null}
            </>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          {onCopy ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} />}
              loading={copying}
              onClick={onCopy}
            >
              Copiar para o editor
            </Button>
          ) : null}
          {onRerun ? (
            <DeniedButton
              size="xs"
              variant="default"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={onRerun}
              denied={rerunDenied}
            >
              Reexecutar
            </DeniedButton>
          ) : null}
          {onOpenFlow ? (
            <Button size="xs" leftSection={<IconExternalLink size={14} />} onClick={onOpenFlow}>
              Abrir flow atual
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
