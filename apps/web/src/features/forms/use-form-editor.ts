import { useState } from 'react';
import { formFileSchema, newFormField, normaliseFormFields } from '@ponte/shared/forms.schema';
import type {
  Form,
  FormBody,
  FormField,
  FormFieldType,
  FormFile,
  FormStatus,
} from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';

/** A field in the builder: the API's field plus a key that stays while it moves. */
export type EditorField = FormField & { key: string };

/** Everything the builder edits (the PIN typed here is new; '' keeps the stored one). */
export interface FormDraft {
  name: string;
  group: string | null;
  status: FormStatus;
  fields: EditorField[];
  title: string;
  message: string;
  success_message: string;
  show_back_button: boolean;
  wait_flow_result: boolean;
  require_auth_pin: boolean;
  auth_pin: string;
}

let nextKey = 0;
export function withKey(field: FormField): EditorField {
  nextKey += 1;
  return { ...field, key: `field-${nextKey}` };
}

const byPosition = (fields: FormField[]) => [...fields].sort((a, b) => a.position - b.position);

export function draftOf(form: Form | undefined, group: string | null): FormDraft {
  return {
    name: form?.name ?? '',
    group: form ? form.group : group,
    status: form?.status ?? 'draft',
    fields: byPosition(form?.fields ?? []).map(withKey),
    title: form?.title ?? '',
    message: form?.message ?? '',
    success_message: form?.success_message ?? messages.forms.successDefault,
    show_back_button: form?.show_back_button ?? true,
    wait_flow_result: form?.wait_flow_result ?? false,
    require_auth_pin: form?.require_auth_pin ?? false,
    auth_pin: '',
  };
}

const plainFields = (fields: EditorField[]): FormField[] =>
  normaliseFormFields(fields.map(({ key: _key, ...field }) => field));

/** The body of POST/PUT: group null when empty; the PIN only when a new one was typed. */
export function bodyOf(draft: FormDraft): FormBody {
  const { auth_pin: pin, ...rest } = draft;
  return {
    ...rest,
    name: draft.name.trim(),
    group: draft.group || null,
    fields: plainFields(draft.fields),
    ...(draft.require_auth_pin && pin ? { auth_pin: pin } : {}),
  };
}

/** The export file (spec 2 §9): no `_id`, version, group nor PIN. */
export function fileOf(draft: FormDraft): FormFile {
  return formFileSchema.parse({ ...draft, fields: plainFields(draft.fields) });
}

/** An imported file over the draft: the group is dropped (spec 2 'Forms'), the PIN too. */
export function draftOfFile(file: FormFile): FormDraft {
  return {
    ...file,
    group: null,
    fields: byPosition(file.fields).map(withKey),
    auth_pin: '',
  };
}

/** The builder's state and the edits of its field list. */
export function useFormEditor(initial: FormDraft) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setFields = (change: (fields: EditorField[]) => EditorField[]) =>
    setDraft((current) => ({ ...current, fields: change(current.fields) }));
  return {
    draft,
    setDraft,
    set,
    addField: (type: FormFieldType) => {
      const field = withKey(newFormField(type, draft.fields.length));
      setFields((fields) => [...fields, field]);
      return field.key;
    },
    replaceField: (field: EditorField) =>
      setFields((fields) => fields.map((f) => (f.key === field.key ? field : f))),
    removeField: (key: string) => setFields((fields) => fields.filter((f) => f.key !== key)),
    moveField: (from: number, to: number) =>
      setFields((fields) => {
        if (to < 0 || to >= fields.length) return fields;
        const next = [...fields];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      }),
  };
}
