import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { titularKindNames, titularNeedles } from '@ponte/shared/lgpd/personal-data-mask';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import type {
  TitularEraseResult,
  TitularPlaceResult,
  TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useEraseTitular } from './api/erase-titular';
import { useSearchTitular } from './api/search-titular';
import { TitularEraseModal } from './titular-erase-modal';
import { TitularEraseOutcome } from './titular-erase-outcome';
import { TitularHistory } from './titular-history';
import { TitularReportButtons } from './titular-report-buttons';
import { TitularResults } from './titular-results';

const m = titularMessages;

const stoppedEarly = (place: TitularPlaceResult) => place.truncated || place.walk_stopped === true;

/**
 * The 'Titulares' tab of /lgpd (docs/lgpd.md): find a titular by CPF, CNPJ, e-mail or phone in
 * every place of the workspace, download the report, erase the data after a confirmation that
 * names the counts, and the history of requests with their reports.
 */
export function TitularTab() {
  const [query, setQuery] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [result, setResult] = useState<{ query: string; found: TitularSearchResult } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<TitularEraseResult | null>(null);
  const search = useSearchTitular();
  const erase = useEraseTitular();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!titularNeedles(query)) {
      setInvalid(m.queryInvalid);
      return;
    }
    setInvalid(null);
    setOutcome(null);
    try {
      setResult({ query, found: await search.mutateAsync(query) });
    } catch (error) {
      setResult(null);
      toast.error(errorMessage(error));
    }
  };

  const confirmErase = async () => {
    if (!result) return;
    const confirm = Object.fromEntries(result.found.places.map((p) => [p.place, p.found]));
    try {
      setOutcome(await erase.mutateAsync({ query: result.query, confirm }));
      setResult(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  const found = result?.found;
  return (
    <Stack gap="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {/* The button stays beside the field, a phone's too (wrapped under it, it fell away). */}
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="CPF, CNPJ, e-mail ou telefone"
            placeholder="Ex.: 123.456.789-09"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            error={invalid}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            leftSection={<IconSearch size={16} />}
            loading={search.isPending}
            mt={25}
          >
            Buscar
          </Button>
        </Group>
      </form>

      {outcome && <TitularEraseOutcome outcome={outcome} />}

      {found && (
        <Stack gap="sm" component="section" aria-label="Resultado da busca">
          <Group justify="space-between" gap="xs">
            <Text fw={600}>
              {titularKindNames[found.kind]} {found.value_masked}:{' '}
              {found.total === 0
                ? 'nenhuma ocorrência encontrada'
                : `${found.total} ${found.total === 1 ? 'ocorrência' : 'ocorrências'}`}
            </Text>
            <Group gap="xs">
              <Text size="sm">Baixar relatório:</Text>
              <TitularReportButtons requestId={found.request_id} />
            </Group>
          </Group>
          <TitularResults result={found} />
          {/* A place whose search stopped early may hold more than it counted: 0 is no proof. */}
          {(found.total > 0 || found.places.some(stoppedEarly)) && (
            <Group>
              <Button
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
              >
                Excluir os dados deste titular
              </Button>
            </Group>
          )}
        </Stack>
      )}

      <TitularEraseModal
        result={confirming ? (found ?? null) : null}
        loading={erase.isPending}
        onConfirm={() => void confirmErase()}
        onCancel={() => setConfirming(false)}
      />

      <TitularHistory />
    </Stack>
  );
}
