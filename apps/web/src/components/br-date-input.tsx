import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useIMask } from 'react-imask';
import { isDateBr } from '@ponte/shared/forms/validators';
import { messages } from '@ponte/shared/messages';

/** `2026-03-01` → `01/03/2026`; anything else → ''. */
const shown = (iso: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
};

/** `01/03/2026` → `2026-03-01` when it is a day of the calendar, else null. */
export function isoDay(typed: string): string | null {
  if (!isDateBr(typed)) return null;
  const [day, month, year] = typed.split('/');
  return `${year}-${month}-${day}`;
}

interface BrDateInputProps {
  label: string;
  /** `yyyy-mm-dd`, or '' for none. */
  value: string;
  onCommit: (value: string) => void;
}

/**
 * A day typed as people in Brazil write it, `DD/MM/AAAA`, whatever the browser's language (a
 * native date field follows the browser's, often `mm/dd/yyyy`). A whole valid day is committed as
 * `yyyy-mm-dd`, an emptied field as ''; a day that does not exist stays with an error.
 */
export function BrDateInput({ label, value, onCommit }: BrDateInputProps) {
  const [error, setError] = useState<string | null>(null);
  const { ref, setValue } = useIMask<HTMLInputElement>(
    { mask: '00/00/0000' },
    {
      defaultValue: shown(value),
      onAccept: (typed) => {
        if (typed === '') {
          setError(null);
          onCommit('');
          return;
        }
        if (typed.length < 10) return;
        const iso = isoDay(typed);
        setError(iso ? null : messages.forms.public.invalidDate);
        if (iso) onCommit(iso);
      },
    },
  );
  // A new value from outside (the address changed) replaces what was typed.
  useEffect(() => {
    const typed = ref.current?.value ?? '';
    if ((isoDay(typed) ?? '') !== value && !(value === '' && typed.length < 10)) {
      setValue(shown(value));
    }
  }, [value, ref, setValue]);
  return (
    <TextInput
      ref={ref}
      label={label}
      placeholder="DD/MM/AAAA"
      inputMode="numeric"
      autoComplete="off"
      error={error}
    />
  );
}
