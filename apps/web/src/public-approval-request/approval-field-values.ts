import type {
  ApprovalField,
  ApprovalRequestDecision,
} from '@ponte/shared/approval-requests.schema';
import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import { messages } from '@ponte/shared/messages';
import { isoDay } from '../components/br-date-input';

/**
 * What the person typed, by field key: the text as shown for text, number ('1.234,56') and date
 * ('01/03/2026') fields, true or false for a boolean one.
 */
export type FieldValues = Record<string, string | boolean>;
type SentValues = ApprovalRequestDecision['fields'];
type Decision = ApprovalRequestDecision['decision'];

export function initialFieldValues(fields: ApprovalField[]): FieldValues {
  return Object.fromEntries(
    fields.map((field) => [field.key, field.type === 'boolean' ? false : '']),
  );
}

/** The value sent for what was typed: a number, a `YYYY-MM-DD` day; null when it is not one. */
function sentValue(field: ApprovalField, typed: string): string | number | null {
  if (field.type === 'number') return parseBrNumber(typed);
  if (field.type === 'date') return isoDay(typed);
  return typed;
}

const invalidMessages: Partial<Record<ApprovalField['type'], string>> = {
  number: messages.generic.invalidNumber,
  date: messages.forms.public.invalidDate,
};

/**
 * The refusal of one field, or null. A required field must be filled to approve (a boolean one
 * ticked, as a required checkbox of the public forms); a rejection asks for none. A value typed
 * must be valid either way: a wrong number or day is never sent.
 */
function fieldError(field: ApprovalField, value: string | boolean, decision: Decision) {
  const typed = typeof value === 'string' ? value.trim() : '';
  const empty = field.type === 'boolean' ? value !== true : typed === '';
  if (empty) {
    return field.required && decision === 'approve'
      ? messages.generic.requiredField(field.label)
      : null;
  }
  if (field.type === 'boolean' || sentValue(field, typed) !== null) return null;
  return invalidMessages[field.type] ?? null;
}

/** Every refusal of the fields for a decision: key → message; {} when they can be sent. */
export function fieldErrors(
  fields: ApprovalField[],
  values: FieldValues,
  decision: Decision,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.key] ?? '', decision);
    if (error) errors[field.key] = error;
  }
  return errors;
}

/** The fields sent: only those with a value (a boolean always has one). */
export function sentFieldValues(fields: ApprovalField[], values: FieldValues): SentValues {
  const sent: SentValues = {};
  for (const field of fields) {
    const value = values[field.key];
    if (typeof value === 'boolean') {
      sent[field.key] = value;
      continue;
    }
    const typed = (value ?? '').trim();
    const parsed = typed ? sentValue(field, typed) : null;
    if (parsed !== null) sent[field.key] = parsed;
  }
  return sent;
}
