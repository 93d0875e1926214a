import { useState } from 'react';
import { Badge, Card, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { titularKindNames } from '@ponte/shared/lgpd/personal-data-mask';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import type { TitularRequest } from '@ponte/shared/lgpd/titular.schema';
import { pageCount } from '@ponte/shared/pagination';
import { titularRequestsPageSize, useTitularRequests } from './api/get-titular-requests';
import { TitularReportButtons } from './titular-report-buttons';

const m = titularMessages;

function summary(request: TitularRequest): string {
  const found = request.places.reduce((sum, place) => sum + place.found, 0);
  const text = `${found} ${found === 1 ? 'ocorrência encontrada' : 'ocorrências encontradas'}`;
  if (request.kind === 'search') return text;
  const done = request.places.reduce((sum, place) => sum + (place.done ?? 0), 0);
  const after = request.places.reduce((sum, place) => sum + (place.after ?? 0), 0);
  const kept = request.places.reduce((sum, place) => sum + (place.kept ?? 0), 0);
  const traces =
    kept === 0
      ? ''
      : ` (${kept} ${kept === 1 ? 'rastro mascarado mantido' : 'rastros mascarados mantidos'})`;
  const failed = request.places
    .filter((place) => place.error)
    .map((place) => m.places[place.place]);
  const summary = `${text}, ${done} ${done === 1 ? 'excluída, reescrita ou anonimizada' : 'excluídas, reescritas ou anonimizadas'}; busca depois: ${after}${traces}`;
  return failed.length ? `${summary}; não concluída em: ${failed.join(', ')}` : summary;
}

function RequestRow({ request }: { request: TitularRequest }) {
  return (
    <Card
      withBorder
      padding="xs"
      component="li"
      aria-label={`Atendimento de ${formatDateTimeMinutes(request.created_at)}`}
    >
      <Group justify="space-between" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge color={request.kind === 'erasure' ? 'red' : 'blue'} variant="light">
              {m.kinds[request.kind]}
            </Badge>
            <Text size="sm" fw={500}>
              {titularKindNames[request.titular_kind]} {request.titular_masked}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTimeMinutes(request.created_at)} · {request.user_name || 'Pessoa removida'}
          </Text>
          <Text size="xs">{summary(request)}</Text>
        </Stack>
        <TitularReportButtons requestId={request._id} />
      </Group>
    </Card>
  );
}

/** The workspace's requests (searches and erasures), newest first, each with its reports. */
export function TitularHistory() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useTitularRequests(page);
  return (
    <Stack gap="xs" component="section" aria-label="Histórico de atendimentos">
      <Title order={4}>Histórico de atendimentos</Title>
      {isPending ? (
        <Loader size="sm" />
      ) : isError ? (
        <Text size="sm" c="red">
          Não foi possível carregar o histórico.
        </Text>
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum atendimento ainda. Cada busca e cada exclusão ficam registradas aqui.
        </Text>
      ) : (
        <>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.items.map((request) => (
              <RequestRow key={request._id} request={request} />
            ))}
          </Stack>
          {data.total > titularRequestsPageSize && (
            <Pagination
              size="sm"
              value={page}
              onChange={setPage}
              total={pageCount(data.total, titularRequestsPageSize)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
