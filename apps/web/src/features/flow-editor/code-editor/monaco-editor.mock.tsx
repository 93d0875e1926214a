import { useEffect } from 'react';
import { vi } from 'vitest';
import type { EditorHandle, MonacoEditorProps } from './monaco-editor';

/**
 * jsdom cannot run Monaco: tests replace the lazily loaded editor with this textarea, which
 * takes the same props and hands out a handle whose calls are recorded.
 */
export const fakeHandles: (EditorHandle & { run: ReturnType<typeof vi.fn> })[] = [];

export default function FakeMonacoEditor({
  value,
  onChange,
  language,
  label,
  onReady,
  onCommandPalette,
}: MonacoEditorProps) {
  useEffect(() => {
    const handle = { run: vi.fn() };
    fakeHandles.push(handle);
    onReady?.(handle);
    return () => onReady?.(null);
  }, [onReady]);
  return (
    <textarea
      aria-label={label}
      data-language={language}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'F1') onCommandPalette?.();
      }}
    />
  );
}
