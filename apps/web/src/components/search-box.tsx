import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

interface SearchBoxProps {
  /** Placeholder and accessible name, e.g. 'Buscar grupos'. */
  label: string;
  delay?: number;
  /** The URL query param it writes (default `query`). */
  param?: string;
}

/** A search input bound to a URL query param (`query`); a new search goes back to page 1. */
export function SearchBox({ label, delay = 400, param = 'query' }: SearchBoxProps) {
  const [params, setParams] = useSearchParams();
  const urlValue = params.get(param) ?? '';
  const [value, setValue] = useState(urlValue);
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  // The query this box wrote last: the URL coming back with it must not replace what the person
  // typed since (a space at the end, the letters after a pause). Another change of the URL (back,
  // a link) does.
  const [written, setWritten] = useState<string | null>(null);
  if (urlValue !== seenUrlValue) {
    setSeenUrlValue(urlValue);
    if (urlValue === written) setWritten(null);
    else setValue(urlValue);
  }

  const commit = useDebouncedCallback((text: string) => {
    setWritten(text.trim());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const query = text.trim();
        if (query) next.set(param, query);
        else next.delete(param);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, delay);

  const change = (text: string) => {
    setValue(text);
    commit(text);
  };

  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label="Limpar busca" onClick={() => change('')} />
        ) : null
      }
      maw={360}
      w="100%"
    />
  );
}
