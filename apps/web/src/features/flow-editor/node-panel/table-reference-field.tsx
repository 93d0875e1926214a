import { Select } from '@mantine/core';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { useTableNames } from '../../../lib/db-tables/api/get-table-names';

interface TableReferenceFieldProps {
  name: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
}

/**
 * Picks one of the workspace's database tables; the param holds its `_id`. A value the list
 * does not hold as an id (a table's name, an expression, a table removed since) stays visible.
 */
export function TableReferenceField({ name, spec, value, onChange }: TableReferenceFieldProps) {
  const { tables, isPending, isError } = useTableNames();
  const current = typeof value === 'string' && value ? value : null;
  const options = tables.map((table) => ({ value: table._id, label: table.name || table._id }));
  const known = !current || isPending || isError || tables.some((t) => t._id === current);
  const byName = tables.some((table) => table.name === current);
  const extra =
    current && !known
      ? [
          {
            value: current,
            label:
              byName || current.includes('{{') ? current : `Tabela não encontrada (${current})`,
          },
        ]
      : [];
  return (
    <Select
      label={spec.label}
      description={spec.description}
      withAsterisk={spec.required}
      placeholder={
        isPending ? 'Carregando tabelas...' : (spec.placeholder ?? 'Selecione uma tabela')
      }
      data={[...options, ...extra]}
      value={current}
      searchable
      clearable={!spec.required}
      nothingFoundMessage="Nenhuma tabela encontrada"
      error={isError ? 'Não foi possível carregar a lista de tabelas.' : undefined}
      onChange={(next) => onChange(name, next ?? '')}
    />
  );
}
