import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import type { TitularEraseResult } from '@ponte/shared/lgpd/titular.schema';
import { TitularReportButtons } from './titular-report-buttons';

const m = titularMessages;

/**
 * What an erasure did: how many went, what the search after it found, and place by place what
 * did not go as asked (an error, items not removed, a search that had stopped early).
 */
export function TitularEraseOutcome({ outcome }: { outcome: TitularEraseResult }) {
  const done = outcome.places.reduce((sum, place) => sum + place.done, 0);
  const kept = outcome.places.reduce((sum, place) => sum + place.kept, 0);
  // The masked traces kept on purpose are not a failure; anything else the search after finds is.
  const left = Math.max(0, outcome.total_after - kept);
  const failed = outcome.failed_places.length > 0;
  const clean = left === 0 && !failed;
  const notes = outcome.places.flatMap((place) => {
    const lines = [
      ...(place.error ? [place.error] : []),
      ...(place.failed > 0 ? [m.notRemoved(place.failed)] : []),
      ...(place.stopped_early ? [place.error ? m.notErasedWhole : m.erasedWhole] : []),
    ];
    return lines.length ? [{ place: place.place, lines }] : [];
  });
  const title = failed ? 'Exclusão não concluída' : clean ? 'Dados excluídos' : 'Exclusão parcial';
  return (
    <Alert color={failed ? 'red' : clean ? 'teal' : 'yellow'} title={title}>
      <Stack gap="xs">
        {failed && (
          <Text size="sm" fw={600}>
            {m.failedPlaces(outcome.failed_places.map((place) => m.places[place]))}
          </Text>
        )}
        <Text size="sm">
          {done}{' '}
          {done === 1
            ? 'ocorrência excluída, reescrita ou anonimizada'
            : 'ocorrências excluídas, reescritas ou anonimizadas'}
          . A busca feita logo depois encontrou {outcome.total_after}.
          {kept > 0 ? ` ${m.keptTraces(kept)}` : ''}
        </Text>
        {notes.length > 0 && (
          <List size="sm" spacing={4} aria-label="O que a exclusão não concluiu ou avisa">
            {notes.map(({ place, lines }) => (
              <List.Item key={place}>
                <strong>{m.places[place]}</strong>: {lines.join(' ')}
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="xs">
          <Text size="sm">Baixar relatório:</Text>
          <TitularReportButtons
            requestId={outcome.request_id}
            label="Baixar relatório da exclusão"
          />
        </Group>
      </Stack>
    </Alert>
  );
}
