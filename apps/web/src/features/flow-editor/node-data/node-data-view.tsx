import { useMemo, useState } from 'react';
import { Alert, Group, Loader, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import type { PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { NodePanelData } from '../run-data/run-data-types';
import { AgentTranscriptView, agentRunOf } from './agent-transcript-view';
import { DataJsonView } from './data-json-view';
import { DataSchemaView } from './data-schema-view';
import { DataTable } from './data-table';
import { NodeDataHeader } from './node-data-header';
import {
  arrayFieldsOf,
  countByOutput,
  itemsOfPins,
  itemsOfRun,
  type DataItem,
} from './node-data-model';
import { PinActions } from './pin-actions';
import { SelectedPathBar } from './selected-path-bar';
import { StorageRefs, storageRefsOf } from './storage-refs';

/** Rows or items rendered at a time: the rest stay out of the DOM. */
export const dataPageSize = 50;

type ViewKind = 'table' | 'json' | 'schema' | 'agent';
const viewOptions = [
  { value: 'table', label: 'Tabela' },
  { value: 'json', label: 'JSON' },
  { value: 'schema', label: 'Esquema' },
];
/** Offered when a message holds an 'Agente de IA' run (`msg.agent`), and shown first then. */
const agentViewOption = { value: 'agent', label: 'Conversa do agente' };

export interface NodeDataViewProps {
  /** 'Entrada' (the message the node received) or 'Saída' (what it sent). */
  side: 'input' | 'output';
  data: NodePanelData | undefined;
  manifest: NodeManifest | undefined;
  /** The node's pins ('Saída': shown when no run is, and offered to edit). */
  pins?: PinnedItem[];
  /** Pins or unpins; absent: no pin actions (a past execution). */
  onPin?: (items: PinnedItem[] | null) => void;
  /** A past execution. */
  readOnly?: boolean;
}

const emptyItems: DataItem[] = [];
const noRuns: NonNullable<NodePanelData['runs']> = [];

/** One side of a node's data in the run looked at, as a table, a JSON tree or a schema. */
export function NodeDataView({ side, data, manifest, pins, onPin, readOnly }: NodeDataViewProps) {
  // A node that did not run: its input is what the nodes before it sent towards it.
  const expected = data?.expected === true;
  const runs = expected && side === 'output' ? noRuns : (data?.runs ?? []);
  const [chosenRun, setChosenRun] = useState<number | null>(null);
  // The latest run unless the person picked another.
  const runIndex = Math.min(chosenRun ?? runs.length - 1, runs.length - 1);
  const run = runIndex >= 0 ? runs[runIndex] : undefined;
  const showsPins = side === 'output' && !run && (pins?.length ?? 0) > 0;

  const [chosenView, setView] = useState<ViewKind | null>(null);
  const [outputFilter, setOutputFilter] = useState('');
  const [rowsOf, setRowsOf] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);

  const all = useMemo(
    () => (run ? itemsOfRun(run, side) : showsPins ? itemsOfPins(pins!) : emptyItems),
    [run, side, showsPins, pins],
  );
  const outputs = useMemo(() => (side === 'output' ? countByOutput(all) : []), [all, side]);
  const filter = outputs.some(([name]) => name === outputFilter) ? outputFilter : '';
  const items = useMemo(
    () => (filter ? all.filter((item) => item.output === filter) : all),
    [all, filter],
  );
  const messages = useMemo(() => items.map((item) => item.msg), [items]);
  const agentRuns = useMemo(() => messages.map(agentRunOf), [messages]);
  const hasAgent = agentRuns.some((agentRun) => agentRun !== null);
  const view: ViewKind =
    chosenView === 'agent' && !hasAgent ? 'table' : (chosenView ?? (hasAgent ? 'agent' : 'table'));
  const arrayFields = useMemo(
    () => (items.length === 1 ? arrayFieldsOf(items[0]!.msg) : []),
    [items],
  );
  const rowsField = arrayFields.includes(rowsOf) ? rowsOf : '';
  const rows = useMemo(
    () => (rowsField ? (messages[0]![rowsField] as unknown[]) : messages),
    [messages, rowsField],
  );
  const refs = useMemo(() => storageRefsOf(items), [items]);

  const outputLabel = (name: string) =>
    manifest?.outputs[name]?.label ?? (name === 'error' ? 'Erro' : name);
  const firstOutput = Object.keys(manifest?.outputs ?? {})[0] ?? 'default';
  const pinActions =
    side === 'output' && onPin && !readOnly ? (
      <PinActions
        pins={pins}
        onPin={onPin}
        shown={
          run ? all.map((item) => ({ output: item.output ?? firstOutput, msg: item.msg })) : null
        }
        firstOutput={firstOutput}
      />
    ) : null;

  if (data?.loading) {
    return (
      <Group gap="xs" p="md">
        <Loader size="xs" />
        <Text size="sm">Carregando os dados do conector…</Text>
      </Group>
    );
  }
  if (!run && !showsPins) {
    return (
      <Stack gap="sm">
        {data?.unavailable ? (
          <Alert color="yellow" p="xs">
            {data.unavailable}
          </Alert>
        ) : data?.summary?.error ? (
          <Alert color="red" title="O conector falhou" p="xs">
            {data.summary.error.message}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {readOnly
              ? 'Este conector não foi executado nesta execução.'
              : 'Este conector ainda não foi executado. Use "Executar até aqui".'}
          </Text>
        )}
        {pinActions}
      </Stack>
    );
  }

  const viewed = view === 'json' || view === 'agent' ? items.length : rows.length;
  const pages = Math.max(1, Math.ceil(viewed / dataPageSize));
  const current = Math.min(page, pages);
  const start = (current - 1) * dataPageSize;
  const end = Math.min(start + dataPageSize, viewed);
  const numbered = <T,>(list: readonly T[]) =>
    list.slice(start, end).map((value, offset) => [start + offset, value] as const);

  return (
    <Stack gap="xs">
      {expected && side === 'input' ? (
        <Text size="xs" c="dimmed">
          Entrada esperada: o que os conectores anteriores enviaram para este conector, que ainda
          não foi executado.
        </Text>
      ) : null}
      {data?.unavailable ? (
        <Alert color="yellow" p="xs">
          {data.unavailable}
        </Alert>
      ) : null}
      <NodeDataHeader
        side={side}
        count={all.length}
        durationMs={run?.duration_ms}
        runIndex={runIndex}
        runCount={runs.length}
        attempts={runs.map((each) => each.attempt)}
        onRunIndex={(index) => {
          setChosenRun(index);
          setPage(1);
        }}
        outputs={outputs}
        outputLabel={outputLabel}
        outputFilter={filter}
        onOutputFilter={(next) => {
          setOutputFilter(next);
          setPage(1);
        }}
        pinned={showsPins || run?.pinned === true}
        error={run?.error?.message}
        truncatedBytes={run?.truncated?.bytes}
      />
      {pinActions}
      <StorageRefs refs={refs} />
      {items.length > 0 ? (
        <>
          <Group gap="xs" justify="space-between">
            <SegmentedControl
              size="xs"
              aria-label="Visualização"
              value={view}
              onChange={(next) => {
                setView(next as ViewKind);
                setPage(1);
              }}
              data={hasAgent ? [...viewOptions, agentViewOption] : viewOptions}
            />
            {view === 'table' && arrayFields.length > 0 ? (
              <SegmentedControl
                size="xs"
                aria-label="Linhas da tabela"
                value={rowsField}
                onChange={(next) => {
                  setRowsOf(next);
                  setPage(1);
                }}
                data={[
                  { value: '', label: 'Mensagem' },
                  ...arrayFields.map((field) => ({ value: field, label: `Linhas de ${field}` })),
                ]}
              />
            ) : null}
          </Group>
          <SelectedPathBar path={selected} />
          {view === 'table' ? (
            <DataTable
              rows={rows}
              page={numbered(rows)}
              base={rowsField ? [rowsField] : []}
              outputOf={
                side === 'output' && outputs.length > 1 && !rowsField
                  ? (index) => items[index]?.output
                  : undefined
              }
              outputLabel={outputLabel}
              selected={selected}
              onSelect={setSelected}
            />
          ) : view === 'agent' ? (
            <Stack gap="md">
              {numbered(agentRuns).map(([index, agentRun]) =>
                agentRun ? (
                  <div key={index}>
                    {items.length > 1 ? (
                      <Text size="xs" c="dimmed" mb={4}>
                        Item {index + 1}
                      </Text>
                    ) : null}
                    <AgentTranscriptView run={agentRun} />
                  </div>
                ) : null,
              )}
            </Stack>
          ) : view === 'json' ? (
            <DataJsonView
              page={numbered(items)}
              total={items.length}
              outputLabel={outputLabel}
              showOutputs={side === 'output' && outputs.some(([name]) => name !== 'default')}
              selected={selected}
              onSelect={setSelected}
            />
          ) : (
            <DataSchemaView messages={messages} selected={selected} onSelect={setSelected} />
          )}
          {view !== 'schema' && pages > 1 ? (
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {`${(start + 1).toLocaleString('pt-BR')}–${end.toLocaleString('pt-BR')} de ${viewed.toLocaleString('pt-BR')}`}
              </Text>
              <Pagination
                size="sm"
                total={pages}
                value={current}
                onChange={setPage}
                siblings={1}
                boundaries={1}
                aria-label="Páginas dos itens"
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Página anterior' : 'Próxima página',
                })}
              />
            </Group>
          ) : null}
        </>
      ) : run?.truncated ? null : (
        <Text size="sm" c="dimmed">
          {side === 'input'
            ? 'O conector não recebeu mensagem.'
            : 'O conector não enviou mensagens.'}
        </Text>
      )}
    </Stack>
  );
}
