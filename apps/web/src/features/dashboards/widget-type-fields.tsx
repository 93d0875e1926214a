import { Checkbox, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import {
  executionWidgetTypes,
  histogramWidgetTypes,
  logWidgetTypes,
} from '@ponte/shared/dashboards.schema';
import type { Widget, WidgetConfig } from '@ponte/shared/dashboards.schema';
import { limits } from '@ponte/shared/limits';
import { useTableNames } from '../../lib/db-tables/api/get-table-names';
import { useTableFields } from './api/get-table-fields';

export interface TypeFieldsProps {
  type: Widget['type'];
  config: WidgetConfig;
  patch: (change: Partial<WidgetConfig>) => void;
}

type Choice = { value: string; label: string };

function Choose<K extends keyof WidgetConfig>(props: {
  label: string;
  name: K;
  data: Choice[];
  config: WidgetConfig;
  patch: TypeFieldsProps['patch'];
  required?: boolean;
}) {
  const { label, name, data, config, patch, required } = props;
  return (
    <Select
      label={label}
      withAsterisk={required}
      allowDeselect={false}
      data={data}
      value={String(config[name])}
      onChange={(value) => value && patch({ [name]: value } as Partial<WidgetConfig>)}
    />
  );
}

function PerPage({ config, patch }: Omit<TypeFieldsProps, 'type'>) {
  return (
    <NumberInput
      label="Itens por página"
      min={1}
      max={limits.dashboardListPerPageMax}
      allowDecimal={false}
      value={config.show_per_page}
      onChange={(value) =>
        typeof value === 'number' &&
        patch({ show_per_page: Math.min(limits.dashboardListPerPageMax, Math.max(1, value)) })
      }
    />
  );
}

function LogFields({ type, config, patch }: TypeFieldsProps) {
  return (
    <>
      <TextInput
        label="Termo de busca"
        withAsterisk
        maxLength={limits.dashboardSearchTermMax}
        value={config.search_term}
        onChange={(event) => patch({ search_term: event.currentTarget.value })}
      />
      <Choose
        label="Buscar em"
        name="search_field"
        required
        config={config}
        patch={patch}
        data={[
          { value: 'message', label: 'Mensagem' },
          { value: 'label', label: 'Rótulo' },
        ]}
      />
      {type === 'log_list' ? (
        <>
          <Checkbox
            label="Mostrar a coluna Mensagem"
            checked={config.show_column_message}
            onChange={(event) => patch({ show_column_message: event.currentTarget.checked })}
          />
          <Checkbox
            label="Mostrar a coluna Data"
            checked={config.show_column_created_at}
            onChange={(event) => patch({ show_column_created_at: event.currentTarget.checked })}
          />
          <Checkbox
            label="Mostrar a coluna Rótulo"
            checked={config.show_log_label}
            onChange={(event) => patch({ show_log_label: event.currentTarget.checked })}
          />
          <PerPage config={config} patch={patch} />
        </>
      ) : null}
    </>
  );
}

const fixedDates: Choice[] = [
  { value: 'created_at', label: 'Criado em' },
  { value: 'updated_at', label: 'Atualizado em' },
];

function DatabaseListFields({ config, patch }: Omit<TypeFieldsProps, 'type'>) {
  const { tables, isPending } = useTableNames();
  const { fields } = useTableFields(config.table_id);
  const fieldData = fields.map((field) => ({
    value: field.name,
    label: field.label || field.name,
  }));
  const dateData = fields
    .filter((field) => field.type === 'date' || field.type === 'datetime')
    .map((field) => ({ value: field.name, label: field.label || field.name }));
  return (
    <>
      <Select
        label="Tabela"
        withAsterisk
        searchable
        placeholder={isPending ? 'Carregando tabelas...' : 'Escolha uma tabela'}
        nothingFoundMessage="Nenhuma tabela encontrada"
        data={tables.map((table) => ({ value: table._id, label: table.name }))}
        value={config.table_id ?? null}
        onChange={(value) =>
          patch({
            table_id: value,
            columns: [],
            period_field: 'created_at',
            sort_column: 'created_at',
          })
        }
      />
      <MultiSelect
        label="Colunas"
        placeholder="Todas as colunas"
        data={fieldData}
        value={config.columns.filter((column) => fieldData.some((f) => f.value === column))}
        maxValues={limits.dashboardListColumnsMax}
        onChange={(columns) => patch({ columns })}
      />
      <Choose
        label="Campo de data do período"
        name="period_field"
        config={config}
        patch={patch}
        data={[...fixedDates, ...dateData]}
      />
      <Choose
        label="Ordenar por"
        name="sort_column"
        config={config}
        patch={patch}
        data={[...fixedDates, ...fieldData]}
      />
      <Choose
        label="Direção da ordenação"
        name="sort_dir"
        config={config}
        patch={patch}
        data={[
          { value: 'desc', label: 'Decrescente' },
          { value: 'asc', label: 'Crescente' },
        ]}
      />
      <PerPage config={config} patch={patch} />
    </>
  );
}

/** The fields only some widget types have (spec 2 §3 widget config). */
export function WidgetTypeFields({ type, config, patch }: TypeFieldsProps) {
  const histogram = histogramWidgetTypes.includes(type);
  return (
    <>
      {histogram ? (
        <Choose
          label="Tipo de gráfico"
          name="view_type"
          config={config}
          patch={patch}
          data={[
            { value: 'bar', label: 'Barras' },
            { value: 'line', label: 'Linha' },
          ]}
        />
      ) : null}
      {executionWidgetTypes.includes(type) ? (
        <Choose
          label="Status das execuções"
          name="status"
          config={config}
          patch={patch}
          data={[
            { value: 'all', label: 'Todas' },
            { value: 'success', label: 'Sucesso' },
            { value: 'error', label: 'Erro' },
          ]}
        />
      ) : null}
      {type === 'execution_time' ? (
        <Choose
          label="Tempo"
          name="time_type"
          config={config}
          patch={patch}
          data={[
            { value: 'avg', label: 'Média' },
            { value: 'min', label: 'Mínimo' },
            { value: 'max', label: 'Máximo' },
          ]}
        />
      ) : null}
      {logWidgetTypes.includes(type) ? (
        <LogFields type={type} config={config} patch={patch} />
      ) : null}
      {type === 'database_list' ? <DatabaseListFields config={config} patch={patch} /> : null}
      {type === 'text_html' ? (
        <Textarea
          label="Conteúdo HTML"
          autosize
          minRows={6}
          maxLength={limits.dashboardHtmlMax}
          value={config.html}
          onChange={(event) => patch({ html: event.currentTarget.value })}
        />
      ) : null}
    </>
  );
}
