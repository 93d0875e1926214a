import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';

interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  /** Called once the person stops typing for `delay` ms, or presses Enter. */
  onCommit: (value: string) => void;
  delay?: number;
}

/** A text filter that follows its value from outside (e.g. 'Limpar filtros') and commits late. */
export function DebouncedTextInput({
  value,
  onCommit,
  delay = 400,
  ...props
}: DebouncedTextInputProps) {
  const [typed, setTyped] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A new value from outside replaces the typed text, and a pending commit is dropped.
  if (value !== seen) {
    setSeen(value);
    setTyped(value);
  }
  useEffect(() => () => clearTimeout(timer.current), [value]);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== value) onCommit(next);
  };

  return (
    <TextInput
      {...props}
      value={typed}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setTyped(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delay);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(typed);
      }}
    />
  );
}
