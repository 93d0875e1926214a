import { Alert, Badge, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { IconAlertTriangle, IconPin } from '@tabler/icons-react';
import { formatStorageSize } from '@ponte/shared/storage.schema';
import { formatItemCount, formatNodeDuration } from './node-data-model';

interface NodeDataHeaderProps {
  side: 'input' | 'output';
  /** Items of the run shown (before the output filter). */
  count: number;
  durationMs: number | undefined;
  runIndex: number;
  runCount: number;
  /** Each run's attempt, when the node tries again on failures ('Em caso de erro'). */
  attempts: readonly (number | undefined)[];
  onRunIndex: (index: number) => void;
  /** Messages by output ('Saída'). */
  outputs: readonly [string, number][];
  outputLabel: (name: string) => string;
  outputFilter: string;
  onOutputFilter: (output: string) => void;
  pinned: boolean;
  error: string | undefined;
  /** Bytes of the messages the cap dropped. */
  truncatedBytes: number | undefined;
}

/**
 * What a data view says about the run shown: items, duration, which run, the outputs the
 * messages left by (a filter when there are several), pins, the error and the cap.
 */
export function NodeDataHeader(props: NodeDataHeaderProps) {
  const { side, count, durationMs, runIndex, runCount, onRunIndex, outputs, outputLabel } = props;
  const attempt = props.attempts[runIndex];
  const attemptText = (at: number | undefined) => (at ? ` (tentativa ${at})` : '');
  const filterable = side === 'output' && outputs.length > 1;
  const namedOutputs = outputs.filter(([name]) => name !== 'default');
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {formatItemCount(count)}
        </Text>
        {durationMs !== undefined ? (
          <Text size="sm" c="dimmed" title="Tempo do conector">
            {formatNodeDuration(durationMs)}
          </Text>
        ) : null}
        {attempt && runCount === 1 ? (
          <Badge size="sm" variant="light" color="gray">
            Tentativa {attempt}
          </Badge>
        ) : null}
        {props.pinned ? (
          <Badge size="sm" color="violet" leftSection={<IconPin size={10} />}>
            Fixado
          </Badge>
        ) : null}
        {!filterable
          ? namedOutputs.map(([name, n]) => (
              <Badge key={name} size="sm" variant="light" color={name === 'error' ? 'red' : 'blue'}>
                {outputLabel(name)}: {n}
              </Badge>
            ))
          : null}
        {runCount > 1 ? (
          <Select
            size="xs"
            w={props.attempts.some(Boolean) ? 240 : 170}
            aria-label="Execução do conector"
            allowDeselect={false}
            value={String(runIndex)}
            data={Array.from({ length: runCount }, (_, index) => ({
              value: String(index),
              label: `Execução ${index + 1} de ${runCount}${attemptText(props.attempts[index])}`,
            }))}
            onChange={(value) => value !== null && onRunIndex(Number(value))}
          />
        ) : null}
      </Group>
      {filterable ? (
        <SegmentedControl
          size="xs"
          aria-label="Filtrar por saída"
          value={props.outputFilter}
          onChange={props.onOutputFilter}
          data={[
            { value: '', label: `Todas (${count})` },
            ...outputs.map(([name, n]) => ({ value: name, label: `${outputLabel(name)} (${n})` })),
          ]}
        />
      ) : null}
      {props.error ? (
        <Alert color="red" title="O conector falhou" icon={<IconAlertTriangle size={16} />} p="xs">
          {props.error}
        </Alert>
      ) : null}
      {props.truncatedBytes !== undefined ? (
        <Alert color="yellow" p="xs">
          {`Os dados desta execução passaram do limite guardado (${formatStorageSize(props.truncatedBytes)}) e não foram guardados.`}
        </Alert>
      ) : null}
    </>
  );
}
