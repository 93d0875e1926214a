import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import type { TitularPlaceResult, TitularSearchResult } from '@ponte/shared/lgpd/titular.schema';

const m = titularMessages;

interface TitularEraseModalProps {
  result: TitularSearchResult | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An action's text with each quoted word kept on one line with its quotes and what closes it:
 * `vira "[removido]")` never breaks after the opening quote.
 */
function ActionText({ text }: { text: string }) {
  return text.split(/("[^"]*"\)?)/).map((part, index) =>
    index % 2 ? (
      <span key={index} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** 'Excluir os dados deste titular': names what goes in each place before anything is done. */
export function TitularEraseModal({
  result,
  loading,
  onConfirm,
  onCancel,
}: TitularEraseModalProps) {
  const stoppedEarly = (place: TitularPlaceResult) =>
    place.truncated || place.walk_stopped === true;
  const places = result?.places.filter((place) => place.found > 0 || stoppedEarly(place)) ?? [];
  const total = result?.total ?? 0;
  // Folders named with the value (not a masked trace) go with everything in them: named here.
  const folders = (result?.places.find((place) => place.place === 'storage')?.items ?? [])
    .filter((item) => item.is_folder && !item.masked && item.fields.includes('name'))
    .map((item) => item.path ?? item.id);
  return (
    <Modal
      opened={result !== null}
      onClose={onCancel}
      title="Excluir os dados deste titular"
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          Os dados de <strong>{result?.value_masked}</strong> serão excluídos ou anonimizados. Não é
          possível desfazer. Rastros mascarados, que podem ser de outra pessoa, nunca levam uma
          linha, um registro, uma mensagem ou um arquivo inteiro.
        </Text>
        <List size="sm" spacing={4}>
          {places.map((place) => (
            <List.Item key={place.place}>
              <strong>{m.places[place.place]}</strong>: {place.found}{' '}
              {place.found === 1 ? 'ocorrência' : 'ocorrências'}
              {place.masked > 0 ? ` (${place.masked} como rastro mascarado)` : ''} —{' '}
              <ActionText text={m.actions[place.place]} />
              {stoppedEarly(place) ? ` (${m.eraseWhole})` : ''}
            </List.Item>
          ))}
        </List>
        {folders.length > 0 && (
          <Text size="sm" c="red">
            {m.foldersDeleted(folders)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Depois, a busca é feita de novo, e o resultado fica no histórico com o relatório.
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancelar
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {total === 0
              ? 'Excluir o que a exclusão encontrar'
              : `Excluir ${total} ${total === 1 ? 'ocorrência' : 'ocorrências'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
