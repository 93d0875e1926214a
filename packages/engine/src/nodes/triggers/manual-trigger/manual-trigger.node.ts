import { defineNode } from '../../../kit/define-node';

export const manualFieldTypes = ['text', 'textarea', 'upload'] as const;
export type ManualFieldType = (typeof manualFieldTypes)[number];

/** Spec 1 §3 Manual trigger form field. */
export interface ManualField {
  name: string;
  label: string;
  type: ManualFieldType;
  required: boolean;
}

/** The form the 'Executar Flow' modal shows, from the node's raw params. */
export function manualFormFields(params: Record<string, unknown>): ManualField[] {
  const rows = Array.isArray(params.fields) ? (params.fields as Record<string, unknown>[]) : [];
  return rows
    .map((row) => ({
      name: String(row.name ?? '').trim(),
      label: String(row.label ?? '').trim() || String(row.name ?? '').trim(),
      type: manualFieldTypes.includes(row.type as ManualFieldType)
        ? (row.type as ManualFieldType)
        : 'text',
      required: row.required === true || row.required === 'true',
    }))
    .filter((field) => field.name);
}

/** pt-BR errors for required fields left empty (an upload counts when a file came). */
export function validateManualInput(
  fields: ManualField[],
  values: Record<string, unknown>,
): string[] {
  return fields
    .filter((field) => field.required)
    .filter((field) => {
      const value = values[field.name];
      return value === undefined || value === null || (typeof value === 'string' && !value.trim());
    })
    .map((field) => `O campo "${field.label}" é obrigatório.`);
}

export const manualTriggerNode = defineNode({
  type: 'core_manual_trigger',
  version: 1,
  category: 'trigger',
  label: 'Manual Trigger',
  description: 'Inicia o flow pelo botão "Executar", com um formulário opcional.',
  icon: 'hand-click',
  params: {
    description: { type: 'textarea', label: 'Descrição do formulário' },
    fields: {
      type: 'table-params',
      label: 'Campos',
      columns: [
        { key: 'name', label: 'Nome', type: 'text' },
        { key: 'label', label: 'Rótulo', type: 'text' },
        {
          key: 'type',
          label: 'Tipo',
          type: 'select',
          options: [
            { label: 'Texto', value: 'text' },
            { label: 'Texto longo', value: 'textarea' },
            { label: 'Arquivo', value: 'upload' },
          ],
        },
        { key: 'required', label: 'Obrigatório', type: 'boolean' },
      ],
    },
  },
  outputs: { default: { label: 'Saída' } },
  /** The server puts the form's values (and uploaded files' metadata) in msg.payload. */
  async run({ input }) {
    return { output: 'default', msg: { ...input, payload: input.payload ?? {} } };
  },
});
