import { and, asc, eq } from 'drizzle-orm';
import type {
  FormField,
  FormOption,
  PublicForm,
  PublicFormField,
} from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import type { Database } from '../../db/client';
import { dbRecords, dbTables } from '../../db/schema';
import { forms } from '../../db/schema-forms';
import { fieldNamed } from '../db-tables/field-names';
import { plainText, sanitiseFormHtml } from './form-sanitise';

export type FormRow = typeof forms.$inferSelect;

/** A form by its id alone: the public routes know no workspace until the form names it. */
export async function findFormById(db: Database, id: string): Promise<FormRow | null> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id)).limit(1);
  return row ?? null;
}

const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * The options of a field whose source is a database table of the form's workspace: at most
 * `limits.formOptionRecordsMax` records as {label, value}; a table field gets the table's
 * fields as its columns. A table of another workspace or a removed one gives no options.
 */
async function databaseOptions(
  db: Database,
  workspaceId: string,
  field: FormField,
): Promise<FormOption[]> {
  const tableId = field.options_source_table.trim();
  if (!tableId) return [];
  const [table] = await db
    .select({ fields: dbTables.fields })
    .from(dbTables)
    .where(and(eq(dbTables.id, tableId), eq(dbTables.workspaceId, workspaceId)))
    .limit(1);
  if (!table) return [];
  if (field.type === 'table') {
    return [...table.fields]
      .sort((a, b) => a.position - b.position)
      .map((column) => ({
        label: plainText(column.label || column.name),
        value: column.name,
        is_required: column.is_required,
      }));
  }
  const records = await db
    .select({ id: dbRecords.id, data: dbRecords.data })
    .from(dbRecords)
    .where(and(eq(dbRecords.tableId, tableId), eq(dbRecords.workspaceId, workspaceId)))
    .orderBy(asc(dbRecords.createdAt), asc(dbRecords.id))
    .limit(limits.formOptionRecordsMax);
  // A renamed field answers to its former name too (docs/adr/0069).
  const stored = (name: string) => fieldNamed(table.fields, name)?.name ?? name;
  const valueField = stored(field.options_source_value_field.trim() || '_id');
  const labelField = stored(field.options_source_label_field.trim());
  return records.map((record) => {
    const value = valueField === '_id' ? record.id : cellText(record.data[valueField]);
    const label = labelField === '_id' ? record.id : cellText(record.data[labelField]);
    return { label: plainText(label), value };
  });
}

/** A field as the public sees it: no database source, options resolved, labels as text. */
async function publicField(
  db: Database,
  workspaceId: string,
  field: FormField,
): Promise<PublicFormField> {
  const {
    options_source_type: sourceType,
    options_source_table: _table,
    options_source_value_field: _value,
    options_source_label_field: _label,
    ...rest
  } = field;
  const options =
    sourceType === 'database'
      ? await databaseOptions(db, workspaceId, field)
      : field.options.map((option) => ({ ...option, label: plainText(option.label) }));
  return { ...rest, label: plainText(field.label), options };
}

/** The form's fields in their order, as the public page and the submission checks read them. */
export async function publicFields(db: Database, form: FormRow): Promise<PublicFormField[]> {
  const fields = [...form.fields].sort((a, b) => a.position - b.position);
  return Promise.all(fields.map((field) => publicField(db, form.workspaceId, field)));
}

/**
 * GET /engine/forms/{id}/definition (docs/adr/0038): `locked` gives the title only; otherwise
 * the texts sanitised and the fields resolved. Nothing else of the form leaves the server.
 */
export async function publicDefinition(
  db: Database,
  form: FormRow,
  state: { locked: boolean; preview: boolean },
): Promise<PublicForm> {
  const base = {
    _id: form.id,
    title: plainText(form.title),
    show_back_button: form.showBackButton,
    wait_flow_result: form.waitFlowResult,
    require_auth_pin: form.requireAuthPin,
    preview: state.preview,
  };
  if (state.locked) {
    return { ...base, message: '', success_message: '', locked: true, fields: [] };
  }
  return {
    ...base,
    message: sanitiseFormHtml(form.message),
    success_message: sanitiseFormHtml(form.successMessage),
    locked: false,
    fields: await publicFields(db, form),
  };
}
