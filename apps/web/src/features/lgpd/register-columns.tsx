import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { dataCategories, legalBases } from '@ponte/shared/lgpd/lgpd.schema';
import {
  maskLabel,
  registerStatusLabels,
  retentionLabel,
  type RegisterEntry,
  type RegisterStatus,
} from '@ponte/shared/lgpd/register.schema';
import type { TableColumn } from '../../components/paginated-table';

const statusColors: Record<RegisterStatus, string> = {
  none: 'red',
  partial: 'yellow',
  complete: 'green',
};

/** A category's name without the '(sensível)' its label ends with: the badge says it. */
const categoryName = (label: string) => label.replace(/ \(sensível\)$/, '');

const missing = (
  <Text size="sm" c="dimmed">
    Não informado
  </Text>
);

function FlowCell({ entry }: { entry: RegisterEntry }) {
  return (
    <Stack gap={4} align="flex-start">
      <Anchor component={Link} to={`/flows/${encodeURIComponent(entry.flow_id)}`} fw={500}>
        {entry.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {entry.group_name ?? 'Sem grupo'} · {entry.enabled ? 'Ativo' : 'Inativo'}
      </Text>
      <Badge size="sm" variant="light" color={statusColors[entry.status]}>
        {registerStatusLabels[entry.status]}
      </Badge>
    </Stack>
  );
}

function CategoriesCell({ entry }: { entry: RegisterEntry }) {
  if (!entry.data_categories.length) return missing;
  return (
    <Stack gap={4}>
      {entry.data_categories.map((id) => {
        const category = dataCategories[id];
        return (
          <Group key={id} gap={6} wrap="nowrap" align="flex-start">
            <Text size="sm">{categoryName(category.label)}</Text>
            {category.sensitive ? (
              <Badge size="xs" color="red" variant="light">
                sensível
              </Badge>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}

function RetentionCell({ entry }: { entry: RegisterEntry }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{retentionLabel(entry)}</Text>
      <Text size="xs" c="dimmed">
        Prazo de guarda: {entry.retention_note || 'não informado'}
      </Text>
    </Stack>
  );
}

/** The columns of the 'Registro de tratamento' table (one card per flow on a phone). */
export const registerColumns: TableColumn<RegisterEntry>[] = [
  { key: 'flow', header: 'Flow', width: 200, render: (entry) => <FlowCell entry={entry} /> },
  {
    key: 'purpose',
    header: 'Finalidade',
    render: (entry) =>
      entry.purpose ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {entry.purpose}
        </Text>
      ) : (
        missing
      ),
  },
  {
    key: 'legal_basis',
    header: 'Base legal',
    width: 200,
    render: (entry) =>
      entry.legal_basis ? <Text size="sm">{legalBases[entry.legal_basis]}</Text> : missing,
  },
  {
    key: 'categories',
    header: 'Categorias de dados',
    width: 220,
    render: (entry) => <CategoriesCell entry={entry} />,
  },
  {
    key: 'retention',
    header: 'Retenção',
    width: 170,
    render: (entry) => <RetentionCell entry={entry} />,
  },
  {
    key: 'mask',
    header: 'Mascaramento',
    width: 150,
    render: (entry) => <Text size="sm">{maskLabel(entry)}</Text>,
  },
];
