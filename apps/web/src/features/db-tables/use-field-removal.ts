import { useState } from 'react';
import { fieldValuesLossDetailsSchema } from '@ponte/shared/db-tables.schema';
import type { FieldValuesLoss } from '@ponte/shared/db-tables.schema';
import { errorCodes } from '@ponte/shared/errors';
import { errorMessage, isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { getFieldValuesCount } from './api/get-field-values-count';
import type { EditorField } from './table-field-row';

/** A loaded field the person asked to remove, whose records hold values. */
export interface PendingRemoval {
  key: string;
  /** The stored name: the one whose values go. */
  name: string;
  label: string;
  count: number;
}

/** The fields a refused save would have deleted values of (409 `field_has_values`), or null. */
export function valueLossOf(error: unknown): FieldValuesLoss[] | null {
  if (!isApiError(error) || error.code !== errorCodes.fieldHasValues) return null;
  const parsed = fieldValuesLossDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.fields : null;
}

/**
 * The structure editor's removals (docs/adr/0069): a field loaded from the table is removed
 * after asking the server how many records hold a value in it, and, when some do, after the
 * person confirms; `confirmed` lists the stored names whose values the save may delete. A save
 * the server still refuses (values that appeared since, an import) is asked about with
 * `refused` and saved again with those names.
 */
export function useFieldRemoval(tableId: string | undefined, removeKey: (key: string) => void) {
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const [refused, setRefused] = useState<FieldValuesLoss[] | null>(null);

  const confirm = (names: string[]) => setConfirmed((list) => [...new Set([...list, ...names])]);

  return {
    confirmed,
    pending,
    refused,
    async request(field: EditorField) {
      const stored = field.previousName;
      if (!tableId || !stored) return removeKey(field.key);
      try {
        const count = await getFieldValuesCount(tableId, stored);
        if (!count) return removeKey(field.key);
        setPending({ key: field.key, name: stored, label: field.label || stored, count });
      } catch (failure) {
        toast.error(errorMessage(failure));
      }
    },
    confirmPending() {
      if (!pending) return;
      confirm([pending.name]);
      removeKey(pending.key);
      setPending(null);
    },
    cancelPending: () => setPending(null),
    /** Shows the refused save's fields; `true` when the error was such a refusal. */
    refuse(error: unknown): boolean {
      const loss = valueLossOf(error);
      if (loss) setRefused(loss);
      return loss !== null;
    },
    /** The names of the refused save, confirmed: what to save again with. */
    confirmRefused(): string[] {
      const names = [...new Set([...confirmed, ...(refused ?? []).map((field) => field.name)])];
      confirm(names);
      setRefused(null);
      return names;
    },
    cancelRefused: () => setRefused(null),
  };
}

export type FieldRemoval = ReturnType<typeof useFieldRemoval>;
