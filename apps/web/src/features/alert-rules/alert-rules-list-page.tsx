import { Badge, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import type { AlertRule } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { createItemButton } from '../../components/named-resource/create-button';
import {
  actionsColumn,
  nameColumn,
  timestampColumns,
  useGroupColumn,
} from '../../components/list-columns';
import { useDuplicateConfirm } from '../../components/named-resource/duplicate-confirm-modal';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useCan } from '../../lib/session/use-can';
import { useDuplicateAlertRule } from './api/alert-rule-mutations';
import { useAlertRules } from './api/get-alert-rules';

const m = messages.alertRules;

const createButton = createItemButton('/alert-rules/new', 'Criar regra de alerta', 'alerts.write');

const pathOf = (action: 'edit' | 'delete', rule: AlertRule) =>
  `/alert-rules/${action}/${encodeURIComponent(rule._id)}`;

/** Spec 2 §9: the window's label; a dead-man rule has no capture window ('—'). */
function windowLabel(rule: AlertRule): string {
  if (rule.type !== 'match_log') return '—';
  return m.windowLabels[rule.timewindow_seconds] ?? `${rule.timewindow_seconds} s`;
}

/** Spec 2 §4: enabled shows 'Ativo', otherwise 'Inativo'. */
function StatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="light" color={enabled ? 'green' : 'gray'}>
      {enabled ? m.active : m.inactive}
    </Badge>
  );
}

function RowActions({ rule, onDuplicate }: { rule: AlertRule; onDuplicate: () => void }) {
  const denied = useCan('alerts.write').reason;
  return (
    <RowActionIcons
      actions={[
        { label: 'Editar', icon: <IconPencil size={17} />, to: pathOf('edit', rule), denied },
        { label: 'Duplicar regra', icon: <IconCopy size={17} />, onClick: onDuplicate, denied },
        {
          label: 'Remover',
          icon: <IconTrash size={17} />,
          color: 'red',
          to: pathOf('delete', rule),
          denied,
        },
      ]}
    />
  );
}

const plain = (text: string) => <Text size="sm">{text}</Text>;

function useColumns(onDuplicate: (rule: AlertRule) => void): TableColumn<AlertRule>[] {
  const groupColumn = useGroupColumn<AlertRule>(140);
  const updated = timestampColumns<AlertRule>().filter(({ key }) => key === 'updated');
  return [
    nameColumn<AlertRule>((rule) => pathOf('edit', rule)),
    groupColumn,
    { key: 'type', header: 'Tipo', width: 150, render: (rule) => plain(m.typeLabels[rule.type]) },
    {
      key: 'window',
      header: 'Janela de captura',
      width: 160,
      render: (rule) =>
        rule.type === 'match_log' ? (
          plain(windowLabel(rule))
        ) : (
          <Text size="sm" c="dimmed">
            {windowLabel(rule)}
          </Text>
        ),
    },
    {
      key: 'action',
      header: 'Ação',
      width: 110,
      render: (rule) => plain(m.actionLabels[rule.action]),
    },
    {
      key: 'status',
      header: 'Status',
      width: 100,
      render: (rule) => <StatusBadge enabled={rule.enabled} />,
    },
    ...updated,
    actionsColumn<AlertRule>(130, (rule) => (
      <RowActions rule={rule} onDuplicate={() => onDuplicate(rule)} />
    )),
  ];
}

/** /alert-rules (spec 2 'Alert rules'): 10 per page, search, the selected group. */
export function AlertRulesListPage() {
  const list = useNamedResourceList(useAlertRules, limits.alertRulesPageSize);
  const duplicate = useDuplicateConfirm(useDuplicateAlertRule(), 'Duplicar regra', m);
  const columns = useColumns(duplicate.ask);

  return (
    <>
      <PageHeader
        title="Regras de alerta"
        description="Avisos por e-mail ou webhook quando os logs de um flow batem com um padrão, quando um flow fica sem sucesso ou quando uma fila acumula mensagens."
        actions={createButton}
      />
      <NamedResourceList
        searchLabel={m.searchPlaceholder}
        label="Regras de alerta"
        columns={columns}
        list={list}
        notFound={m.emptySearch}
        empty={{
          title: m.emptyList,
          description:
            'Crie uma regra para receber um aviso quando algo aparecer nos logs ou quando um flow parar de ter sucesso.',
          action: createButton,
        }}
      />
      {duplicate.modal}
    </>
  );
}
