import { Alert, Divider, MultiSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  dataCategories,
  dataCategoryIds,
  flowLgpdSchema,
  legalBases,
  legalBasisIds,
  type FlowLgpd,
} from '@ponte/shared/lgpd/lgpd.schema';
import type { FlowConfigValues } from '@ponte/shared/flows.schema';
import { hasSensitiveData } from '@ponte/shared/lgpd/register.schema';

/** The flow's entry in the register of processing (docs/adr/0125): the part this section edits. */
export type RegisterFields = Pick<
  FlowLgpd,
  'purpose' | 'legal_basis' | 'data_categories' | 'retention_note'
>;

const basisOptions = legalBasisIds.map((id) => ({ value: id, label: legalBases[id] }));

/** The categories in two groups, the sensitive ones apart (their labels say '(sensível)'). */
const categoryOptions = [
  {
    group: 'Dados pessoais',
    items: dataCategoryIds
      .filter((id) => !dataCategories[id].sensitive)
      .map((id) => ({ value: id, label: dataCategories[id].label })),
  },
  {
    group: 'Dados sensíveis (art. 11) e de crianças (art. 14)',
    items: dataCategoryIds
      .filter((id) => dataCategories[id].sensitive)
      .map((id) => ({ value: id, label: dataCategories[id].label })),
  },
];

/** The flow's entry as it is stored; empty when it has none. */
export function registerFieldsOf(config: FlowConfigValues): RegisterFields {
  const lgpd = config.lgpd ?? flowLgpdSchema.parse({});
  return {
    purpose: lgpd.purpose,
    legal_basis: lgpd.legal_basis,
    data_categories: lgpd.data_categories,
    retention_note: lgpd.retention_note,
  };
}

const isEmpty = (fields: RegisterFields) =>
  !fields.purpose.trim() &&
  !fields.legal_basis &&
  !fields.data_categories.length &&
  !fields.retention_note.trim();

/**
 * `config` with the entry in its `lgpd` (texts trimmed, as the server stores them); every other
 * part of `lgpd` (the masking: `mask`, `mask_paths`) stays as `config` has it. A flow without
 * `lgpd` and an empty entry is left without one.
 */
export function withRegister(config: FlowConfigValues, fields: RegisterFields): FlowConfigValues {
  if (!config.lgpd && isEmpty(fields)) return config;
  return { ...config, lgpd: flowLgpdSchema.parse({ ...config.lgpd, ...fields }) };
}

interface FlowOptionsRegisterProps {
  value: RegisterFields;
  onChange: (value: RegisterFields) => void;
}

/**
 * 'Opções do Flow' → 'Registro de tratamento (LGPD)': the flow's entry in the register of
 * processing, every field optional; /lgpd lists them and shows the flows without one.
 */
export function FlowOptionsRegister({ value, onChange }: FlowOptionsRegisterProps) {
  const set = (part: Partial<RegisterFields>) => onChange({ ...value, ...part });
  return (
    <Stack gap="sm">
      <Divider label="Registro de tratamento (LGPD)" labelPosition="left" />
      <Textarea
        label="Finalidade"
        description="Para que este flow trata dados pessoais, em palavras que o titular entenderia. Ex.: enviar a nota fiscal ao cliente depois do pagamento."
        autosize
        minRows={2}
        maxLength={1000}
        value={value.purpose}
        onChange={(event) => set({ purpose: event.currentTarget.value })}
      />
      <Select
        label="Base legal"
        description="A hipótese do art. 7º da LGPD que autoriza o tratamento."
        placeholder="Não informada"
        data={basisOptions}
        value={value.legal_basis}
        onChange={(basis) => set({ legal_basis: legalBasisIds.find((id) => id === basis) ?? null })}
        clearable
        comboboxProps={{ withinPortal: true }}
        // The longest bases still do not fit: '…' says the rest is in the list.
        styles={{ input: { textOverflow: 'ellipsis' } }}
      />
      <MultiSelect
        label="Categorias de dados"
        description="Os tipos de dados pessoais que passam por este flow."
        placeholder={value.data_categories.length ? undefined : 'Nenhuma informada'}
        data={categoryOptions}
        value={value.data_categories}
        onChange={(ids) =>
          set({ data_categories: dataCategoryIds.filter((id) => ids.includes(id)) })
        }
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {hasSensitiveData(value.data_categories) ? (
        <Alert color="yellow" variant="light" p="xs">
          Dados sensíveis só podem ser tratados nas hipóteses do art. 11 da LGPD (e os de crianças e
          adolescentes, no seu melhor interesse, art. 14). Confira a base legal com o encarregado
          (DPO) e descreva-a na finalidade.
        </Alert>
      ) : null}
      <TextInput
        label="Prazo de guarda"
        description="Por quanto tempo os dados ficam guardados onde o flow os grava. Ex.: 5 anos após o fim do contrato."
        maxLength={500}
        value={value.retention_note}
        onChange={(event) => set({ retention_note: event.currentTarget.value })}
      />
    </Stack>
  );
}
