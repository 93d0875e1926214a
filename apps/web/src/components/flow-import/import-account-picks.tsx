import { Select, Stack, Text, Title } from '@mantine/core';
import type { ImportAccountNeedRow } from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';
import {
  serviceAccountTypeLabels,
  type ServiceAccountType,
} from '@ponte/shared/service-accounts.schema';
import { useServiceAccountOptions } from '../../lib/service-accounts/api/get-service-account-options';

const m = messages.flowImport;

const typeLabel = (type: string) => serviceAccountTypeLabels[type as ServiceAccountType] ?? type;

/** One credential of the file: the workspace's accounts of its type, or how to make one. */
function AccountPick({
  need,
  nodeNames,
  value,
  onChange,
}: {
  need: ImportAccountNeedRow;
  nodeNames: string[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { accounts, isPending } = useServiceAccountOptions([need.account_type]);
  const label = `Credencial "${need.original_name || need.key}" (${need.original_type})`;
  const usedBy = `Conta do tipo ${typeLabel(need.account_type)} para: ${nodeNames.join(', ')}.`;
  if (!isPending && accounts.length === 0) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {usedBy}
        </Text>
        <Text size="sm" c="orange.8">
          {m.noAccountOfType(typeLabel(need.account_type))}
        </Text>
      </Stack>
    );
  }
  return (
    <Select
      label={label}
      description={usedBy}
      placeholder="Escolher depois, no nó"
      data={accounts.map((account) => ({ value: account._id, label: account.name }))}
      value={value}
      onChange={onChange}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The credentials of the file, each with its service account to pick (empty is allowed). */
export function ImportAccountPicks({
  needs,
  nodeName,
  picked,
  onPick,
}: {
  needs: ImportAccountNeedRow[];
  /** The original name of a node of the import, by its uid in Ponte. */
  nodeName: (uid: string) => string;
  picked: Record<string, string>;
  onPick: (key: string, id: string | null) => void;
}) {
  if (!needs.length) return null;
  return (
    <Stack gap="sm">
      <Title order={5}>Contas de serviço</Title>
      {needs.map((need) => (
        <AccountPick
          key={need.key}
          need={need}
          nodeNames={need.node_uids.map(nodeName)}
          value={picked[need.key] ?? null}
          onChange={(id) => onPick(need.key, id)}
        />
      ))}
    </Stack>
  );
}
