import { useMemo, useState } from 'react';
import { Button, Divider, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FlowImportPreview, ImportAccountNeedRow } from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';
import { ImportAccountPicks } from './import-account-picks';
import { ImportReportTable } from './import-report-table';

const m = messages.flowImport;

/**
 * 'create': every flow of the file is shown and created ('Importar N flows'); 'load': one flow
 * is picked and loaded into the open editor ('Carregar no editor'); 'view': the report of the
 * last load, nothing to confirm.
 */
export type FlowImportMode = 'create' | 'load' | 'view';

export interface FlowImportChoice {
  accounts: Record<string, string>;
  /** The flow picked ('load'); 0 otherwise. */
  flowIndex: number;
}

interface FlowImportModalProps {
  preview: FlowImportPreview | null;
  mode: FlowImportMode;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (choice: FlowImportChoice) => void;
}

/** The credentials of the shown flows, one per key, with every node that uses it. */
function needsOf(flows: FlowImportPreview['flows']): ImportAccountNeedRow[] {
  const byKey = new Map<string, ImportAccountNeedRow>();
  for (const flow of flows) {
    for (const need of flow.accounts) {
      const known = byKey.get(need.key);
      if (known) known.node_uids = [...known.node_uids, ...need.node_uids];
      else byKey.set(need.key, { ...need });
    }
  }
  return [...byKey.values()];
}

function intro(mode: FlowImportMode, count: number): string {
  if (mode === 'create') {
    return `${count === 1 ? '1 flow no arquivo' : `${count} flows no arquivo`}. Os flows são criados desativados: revise cada um antes de ativar.`;
  }
  if (mode === 'load') {
    return 'O flow escolhido substitui o que está no editor. Nada é salvo até você salvar.';
  }
  return 'O relatório do último flow carregado no editor.';
}

/** The report of an import of n8n or Node-RED, with the accounts to pick, before it is done. */
export function FlowImportModal({ preview, mode, busy, onClose, onConfirm }: FlowImportModalProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [flowIndex, setFlowIndex] = useState(0);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const flows = useMemo(() => {
    const all = preview?.flows ?? [];
    return mode === 'create' ? all : all.slice(flowIndex, flowIndex + 1);
  }, [preview, mode, flowIndex]);
  const needs = useMemo(() => needsOf(flows), [flows]);
  const names = useMemo(
    () =>
      new Map(
        flows.flatMap((flow) =>
          flow.report.flatMap((row) => (row.node_uid ? [[row.node_uid, row.original_name]] : [])),
        ),
      ),
    [flows],
  );
  if (!preview) return null;
  const totals = mode === 'create' ? preview.totals : totalsOf(flows);
  const several = mode !== 'create' && preview.flows.length > 1;

  return (
    <Modal opened onClose={onClose} title={m.title(preview.source)} size="xl" fullScreen={narrow}>
      <Stack gap="md">
        <Text size="sm">{intro(mode, preview.flows.length)}</Text>
        {several ? (
          <Select
            label="Flow do arquivo"
            data={preview.flows.map((flow, index) => ({ value: String(index), label: flow.name }))}
            value={String(flowIndex)}
            onChange={(value) => setFlowIndex(Number(value ?? 0))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {flows.map((flow) => (
          <Stack key={flow.name} gap={6}>
            <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
              <Title order={4} style={{ wordBreak: 'break-word' }}>
                {flow.name}
              </Title>
              <Text size="sm" c="dimmed">
                {flow.nodes === 1 ? '1 nó' : `${flow.nodes} nós`}
              </Text>
            </Group>
            <ImportReportTable name={flow.name} rows={flow.report} />
          </Stack>
        ))}
        <Text size="sm" fw={500}>
          {m.totals(totals)}
        </Text>
        {mode !== 'view' && needs.length ? (
          <>
            <Divider />
            <ImportAccountPicks
              needs={needs}
              nodeName={(uid) => names.get(uid) ?? uid}
              picked={picked}
              onPick={(key, id) =>
                setPicked((current) => {
                  const { [key]: _dropped, ...rest } = current;
                  return id ? { ...rest, [key]: id } : rest;
                })
              }
            />
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {mode === 'view' ? 'Fechar' : 'Cancelar'}
          </Button>
          {mode === 'view' ? null : (
            <Button loading={busy} onClick={() => onConfirm({ accounts: picked, flowIndex })}>
              {mode === 'create' ? m.importButton(preview.flows.length) : 'Carregar no editor'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function totalsOf(flows: FlowImportPreview['flows']) {
  const totals = { translated: 0, adapted: 0, not_translated: 0 };
  for (const row of flows.flatMap((flow) => flow.report)) totals[row.status]++;
  return totals;
}
