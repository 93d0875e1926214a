import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { toLocalInput, toOffsetDateTime } from './log-filters';

/** Spec 1 §5: the custom range goes up to 2099-12-12, step 1 s. */
export const maxFilterDateTime = '2099-12-12T23:59:59';
export const dateTooLateMessage = 'Informe uma data até 12/12/2099 23:59:59.';

interface DateTimeFilterInputProps {
  label: string;
  /** A '-03:00' date-time, or '' for none. */
  value: string;
  onCommit: (value: string) => void;
}

/**
 * A date-time bound of the custom period. A date past the last allowed one (typed by hand, the
 * picker already stops there) stays in the field with an error and is not sent.
 */
export function DateTimeFilterInput({ label, value, onCommit }: DateTimeFilterInputProps) {
  const [typed, setTyped] = useState(toLocalInput(value));
  const [seen, setSeen] = useState(value);
  const [error, setError] = useState<string | null>(null);

  // A new value from outside (e.g. 'Limpar filtros') replaces what was typed.
  if (value !== seen) {
    setSeen(value);
    setTyped(toLocalInput(value));
    setError(null);
  }

  return (
    <TextInput
      type="datetime-local"
      label={label}
      step={1}
      max={maxFilterDateTime}
      value={typed}
      error={error}
      onChange={(event) => {
        const local = event.currentTarget.value;
        setTyped(local);
        const offset = toOffsetDateTime(local);
        if (offset && toLocalInput(offset) > maxFilterDateTime) {
          setError(dateTooLateMessage);
          return;
        }
        setError(null);
        onCommit(offset);
      }}
    />
  );
}
