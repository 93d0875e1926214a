import { Select } from '@mantine/core';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { useFlowNames } from '../../../lib/flows/api/get-flow-names';

interface FlowReferenceFieldProps {
  name: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
}

/** Picks one of the workspace's flows; the param holds its `_id`. */
export function FlowReferenceField({ name, spec, value, onChange }: FlowReferenceFieldProps) {
  const { flows, isPending, isError } = useFlowNames();
  const id = typeof value === 'string' && value ? value : null;
  const options = flows.map((flow) => ({ value: flow._id, label: flow.name || flow._id }));
  // A flow removed since: its id stays visible instead of the field looking empty.
  const missing = id && !isPending && !isError && !flows.some((flow) => flow._id === id);
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
