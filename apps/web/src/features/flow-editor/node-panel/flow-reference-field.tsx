import { Select } from '@mantine/core';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { useFlowOptions } from '../api/get-flow-options';

interface FlowReferenceFieldProps {
  name: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
}

/** Picks one of the workspace's flows; the param holds its `_id`. */
export function FlowReferenceField({ name, spec, value, onChange }: FlowReferenceFieldProps) {
  const { data, isPending, isError } = useFlowOptions();
  const id = typeof value === 'string' && value ? value : null;
  const options = data ?? [];
  // A flow removed since: its id stays visible instead of the field looking empty.
  const missing = id && data && !data.some((option) => option.value === id);
  return (
    <Select
      label={spec.label}
      description={spec.description}
      withAsterisk={spec.required}
      placeholder={isPending ? 'Carregando flows...' : (spec.placeholder ?? 'Selecione um flow')}
      data={missing ? [...options, { value: id, label: `Flow não encontrado (${id})` }] : options}
      value={id}
      searchable
      clearable={!spec.required}
      nothingFoundMessage="Nenhum flow encontrado"
      error={isError ? 'Não foi possível carregar a lista de flows.' : undefined}
      onChange={(next) => onChange(name, next ?? '')}
    />
  );
}
