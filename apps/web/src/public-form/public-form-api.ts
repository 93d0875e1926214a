import {
  formPinHeader,
  formSubmitAnswerSchema,
  publicFormSchema,
} from '@ponte/shared/forms.schema';
import type { FormSubmitAnswer, FormSubmitValues, PublicForm } from '@ponte/shared/forms.schema';
import { formMessages } from '@ponte/shared/messages-forms';
import { lastPathSegment } from '../lib/last-path-segment';

const texts = formMessages.public;

/** A refusal of the engine, with its pt-BR message and, for 400, the fields' messages. */
export interface FormRefusal {
  status: number;
  message: string;
  fields: Record<string, string>;
}

export type DefinitionAnswer =
  { kind: 'form'; form: PublicForm } | { kind: 'refused'; refusal: FormRefusal };

export type SubmitAnswer =
  { kind: 'answer'; answer: FormSubmitAnswer } | { kind: 'refused'; refusal: FormRefusal };

/** The form's id: the last segment of /engine/forms/{id}. */
export const formIdFromPath = lastPathSegment;

const base = (id: string) => `/engine/forms/${encodeURIComponent(id)}`;

async function refusalOf(response: Response): Promise<FormRefusal> {
  const fallback =
    response.status === 404
      ? texts.notFound
      : response.status === 401
        ? texts.pinWrong
        : texts.unavailable;
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    details?: unknown;
  } | null;
  const fields: Record<string, string> = {};
  if (Array.isArray(body?.details)) {
    for (const detail of body.details as { field?: unknown; message?: unknown }[]) {
      if (typeof detail.field === 'string' && typeof detail.message === 'string')
        fields[detail.field] ??= detail.message;
    }
  }
  const message = typeof body?.message === 'string' && body.message ? body.message : fallback;
  return { status: response.status, message, fields };
}

const networkRefusal = (message: string): FormRefusal => ({ status: 0, message, fields: {} });

/** GET /engine/forms/{id}/definition, with the PIN and the session token when given. */
export async function fetchDefinition(
  id: string,
  { pin, token }: { pin?: string; token?: string } = {},
): Promise<DefinitionAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (pin) headers[formPinHeader] = pin;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${base(id)}/definition`, { headers, credentials: 'same-origin' });
  } catch {
    return { kind: 'refused', refusal: networkRefusal(texts.loadFailed) };
  }
  if (!response.ok) return { kind: 'refused', refusal: await refusalOf(response) };
  const parsed = publicFormSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return { kind: 'refused', refusal: networkRefusal(texts.loadFailed) };
  return { kind: 'form', form: parsed.data };
}

/** The chosen files, by upload field code, in the form's order. */
export type ChosenFiles = Record<string, File[]>;

/**
 * POST /engine/forms/{id}/submit: `values` (JSON) first, then one part per file named by its
 * upload field's code; the PIN again in its header.
 */
export async function submitForm(
  id: string,
  values: FormSubmitValues,
  files: [code: string, file: File][],
  pin: string | undefined,
): Promise<SubmitAnswer> {
  const body = new FormData();
  body.append('values', JSON.stringify(values));
  for (const [code, file] of files) body.append(code, file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (pin) headers[formPinHeader] = pin;
  let response: Response;
  try {
    response = await fetch(`${base(id)}/submit`, { method: 'POST', headers, body });
  } catch {
    return { kind: 'refused', refusal: networkRefusal(texts.unavailable) };
  }
  if (!response.ok) return { kind: 'refused', refusal: await refusalOf(response) };
  const parsed = formSubmitAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return { kind: 'answer', answer: { outcome: 'sent' } };
  return { kind: 'answer', answer: parsed.data };
}
