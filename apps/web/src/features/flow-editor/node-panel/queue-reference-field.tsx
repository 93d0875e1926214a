import { Alert, Anchor, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { useQueueNames } from '../../../lib/queues/queue-names';
import { useQueueConsumer } from './queue-lookup';

interface QueueReferenceFieldProps {
  name: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
}

/**
 * Picks one of the workspace's internal queues; the param holds its `_id`. A value the list
 * does not hold as an id (a queue's name, an expression, a queue removed since) stays visible.
 */
export function QueueReferenceField({ name, spec, value, onChange }: QueueReferenceFieldProps) {
  const { queues, isPending, isError } = useQueueNames();
  const current = typeof value === 'string' && value ? value : null;
  const options = queues.map((queue) => ({ value: queue._id, label: queue.name || queue._id }));
  const known = !current || isPending || isError || queues.some((q) => q._id === current);
  const byName = queues.some((queue) => queue.name === current);
  const missing = current !== null && !known && !byName && !current.includes('{{');
  const extra =
    current && !known
      ? [{ value: current, label: missing ? `Fila não encontrada (${current})` : current }]
      : [];
  const select = (
    <Select
      label={spec.label}
      description={spec.description}
      withAsterisk={spec.required}
      placeholder={isPending ? 'Carregando filas...' : (spec.placeholder ?? 'Selecione uma fila')}
      data={[...options, ...extra]}
      value={current}
      searchable
      clearable={!spec.required}
      nothingFoundMessage="Nenhuma fila encontrada"
      error={
        isError
          ? 'Não foi possível carregar a lista de filas.'
          : missing
            ? 'A fila escolhida não existe mais: escolha outra.'
            : undefined
      }
      onChange={(next) => onChange(name, next ?? '')}
    />
  );
  if (isPending || isError || queues.length > 0) return select;
  return (
    <Stack gap={4}>
      {select}
      <Text size="xs" c="dimmed">
        Nenhuma fila interna neste workspace ainda.{' '}
        <Anchor component={Link} to="/queues/new" size="xs" target="_blank">
          Criar fila
        </Anchor>
      </Text>
    </Stack>
  );
}

/**
 * On a queue trigger: the queue's active consumer is another flow than the one being edited
 * (any flow, before the first save). One consumer per queue: this one would receive nothing.
 */
export function QueueConsumerWarning({ queue, flowId }: { queue: unknown; flowId: string | null }) {
  const queueId = typeof queue === 'string' && queue && !queue.includes('{{') ? queue : null;
  const found = useQueueConsumer(queueId);
  const consumer = found?.flow_id;
  if (!consumer || consumer._id === flowId) return null;
  return (
    <Alert color="yellow" title="Outro flow consome esta fila">
      {messages.queues.otherConsumer(consumer.name)}
    </Alert>
  );
}
