import slugify from 'slugify';
import { fieldTypes, tableFieldBodySchema } from '@ponte/shared/db-tables.schema';
import type { FieldType, TableFieldBody } from '@ponte/shared/db-tables.schema';
import { downloadText } from '../../lib/download-text';

/** The field types as the structure editor names them. */
export const fieldTypeLabels: Record<FieldType, string> = {
  string: 'Texto',
  longtext: 'Texto longo',
  integer: 'Número inteiro',
  float: 'Número decimal',
  boolean: 'Sim/Não',
  date: 'Data',
  datetime: 'Data e hora',
};

export const fieldTypeOptions = fieldTypes.map((value) => ({
  value,
  label: fieldTypeLabels[value],
}));

/** What a `.db.json` file holds: the structure, never the records nor ids. */
export interface TableFile {
  name: string;
  apply_default_values_new_fields: boolean;
  fields: TableFieldBody[];
}

/** 'Clientes Ativos!' → 'clientes-ativos.db.json'; 'tabela.db.json' when nothing is left. */
export function tableFileName(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, locale: 'pt' });
  return `${slug || 'tabela'}.db.json`;
}

/** A field as a file keeps it: its structure, not which stored field it was nor its history. */
const structureOf = (field: TableFieldBody): TableFieldBody => ({
  name: field.name,
  label: field.label,
  type: field.type,
  length: field.length,
  default_value: field.default_value,
  is_unique: field.is_unique,
  is_required: field.is_required,
  position: field.position,
});

export function downloadTableFile(file: TableFile): void {
  const content = { ...file, fields: file.fields.map(structureOf) };
  downloadText(tableFileName(file.name), JSON.stringify(content, null, 2), 'application/json');
}

export const invalidTableFileMessage = 'O arquivo não contém uma estrutura de tabela válida.';

/** FileReader rather than `Blob.text()`: the same path in every browser and in jsdom. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Não foi possível ler o arquivo.'));
    reader.readAsText(file);
  });
}

/**
 * Reads a `.db.json` file: its name (optional) and fields, each read by the API's field schema.
 * Throws with a pt-BR message when it is not JSON or has no list of fields.
 */
export async function readTableFile(file: Blob): Promise<Partial<TableFile>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readText(file)) as unknown;
  } catch {
    throw new Error(invalidTableFileMessage);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(invalidTableFileMessage);
  const {
    name,
    fields,
    apply_default_values_new_fields: apply,
  } = parsed as Record<string, unknown>;
  if (!Array.isArray(fields)) throw new Error(invalidTableFileMessage);
  const read = fields.map((field) => tableFieldBodySchema.safeParse(field));
  if (read.some((result) => !result.success)) throw new Error(invalidTableFileMessage);
  return {
    ...(typeof name === 'string' && name.trim() ? { name: name.trim() } : {}),
    ...(typeof apply === 'boolean' ? { apply_default_values_new_fields: apply } : {}),
    fields: read.map((result) => result.data as TableFieldBody),
  };
}
