import { useMemo, useState } from 'react';
import type { PublicFormField } from '@ponte/shared/forms.schema';
import { isMaskComplete } from '@ponte/shared/forms/masks';
import { submissionErrors } from '@ponte/shared/forms/submission';
import type { FieldValue, FormValues } from './form-values';
import { initialValues, submittedFiles, submitValues } from './form-values';
import type { ChosenFiles } from './public-form-api';

/**
 * The values, files and errors of a public form. Errors come from the same shared rules the
 * server runs; a field shows its error once it was left (then as it changes), once its mask is
 * filled (a wrong CPF shows as typed), or after a submit. The server's errors (400) and the
 * refusals of chosen files show until the field changes.
 */
export function useFormState(fields: PublicFormField[]) {
  const [values, setValues] = useState<FormValues>(() =>
    initialValues(fields, new URLSearchParams(window.location.search)),
  );
  const [files, setFiles] = useState<ChosenFiles>({});
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [pinned, setPinned] = useState<Record<string, string>>({});

  const live = useMemo(
    () => submissionErrors(fields, submitValues(fields, values), submittedFiles(files)),
    [fields, values, files],
  );

  const shows = (field: PublicFormField) => {
    if (submitted || touched.has(field.name)) return true;
    const value = values[field.name];
    return (
      field.type === 'text' &&
      !!field.mask &&
      typeof value === 'string' &&
      !!value &&
      isMaskComplete(field.mask, value, field.mask_custom)
    );
  };

  const errorOf = (field: PublicFormField): string | undefined =>
    pinned[field.name] ?? (shows(field) ? live[field.name] : undefined);

  const unpin = (code: string) =>
    setPinned((current) => {
      if (!(code in current)) return current;
      const { [code]: _removed, ...rest } = current;
      return rest;
    });

  return {
    values,
    files,
    /** Every error a submit would meet now (the client's refusal). */
    live,
    /** Some field still has an error (the client's or the server's). */
    hasErrors: Object.keys(live).length > 0 || Object.keys(pinned).length > 0,
    errorOf,
    setValue: (code: string, value: FieldValue) => {
      setValues((current) => ({ ...current, [code]: value }));
      unpin(code);
    },
    setFiles: (code: string, list: File[], refusal: string | null) => {
      setFiles((current) => ({ ...current, [code]: list }));
      if (refusal) setPinned((current) => ({ ...current, [code]: refusal }));
      else unpin(code);
    },
    touch: (code: string) =>
      setTouched((current) => (current.has(code) ? current : new Set(current).add(code))),
    markSubmitted: () => setSubmitted(true),
    /** The server's field errors (400 details). */
    pinErrors: (errors: Record<string, string>) => setPinned(errors),
  };
}
