import { Anchor, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { serviceAccountTypeLabels } from '@ponte/shared/service-accounts.schema';
import { useServiceAccountOptions } from '../../../lib/service-accounts/api/get-service-account-options';

interface ServiceAccountFieldProps {
  name: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
}

export const removedAccountLabel = 'Conta de serviço removida';
const noAccepts: readonly string[] = [];

/**
 * Picks one of the workspace's service accounts of the types the node accepts; the param holds
 * its `_id`. An id the list no longer has reads 'Conta de serviço removida'.
 */
export function ServiceAccountField({ name, spec, value, onChange }: ServiceAccountFieldProps) {
  const accepts = 'accepts' in spec && spec.accepts ? spec.accepts : noAccepts;
  const { accounts, isPending, isError } = useServiceAccountOptions(accepts);
  const id = typeof value === 'string' && value ? value : null;
  const options = accounts.map((account) => ({
    value: account._id,
    label: `${account.name} (${serviceAccountTypeLabels[account.auth_type]})`,
  }));
  const missing = id && !isPending && !isError && !accounts.some((account) => account._id === id);
  const none = !isPending && !isError && accounts.length === 0;
  const select = (
    <Select
      label={spec.label}
      description={spec.description}
      withAsterisk={spec.required}
      placeholder={
        isPending
          ? 'Carregando contas de serviço...'
          : (spec.placeholder ?? 'Selecione uma conta de serviço')
      }
      data={missing ? [...options, { value: id, label: removedAccountLabel }] : options}
      value={id}
      searchable
      clearable={!spec.required}
      nothingFoundMessage="Nenhuma conta de serviço encontrada"
      error={
        isError
          ? 'Não foi possível carregar a lista de contas de serviço.'
          : missing
            ? 'A conta escolhida foi removida: escolha outra.'
            : undefined
      }
      onChange={(next) => onChange(name, next ?? '')}
    />
  );
  if (!none) return select;
  return (
    <Stack gap={4}>
      {select}
      <Text size="xs" c="dimmed">
        Nenhuma conta de serviço deste tipo ainda.{' '}
        <Anchor component={Link} to="/service-accounts" size="xs" target="_blank">
          Criar conta de serviço
        </Anchor>
      </Text>
    </Stack>
  );
}
