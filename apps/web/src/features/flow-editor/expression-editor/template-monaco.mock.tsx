import { useEffect, useRef } from 'react';
import type { TemplateMonacoProps } from './template-monaco';

/**
 * jsdom cannot run Monaco: tests replace the lazily loaded template editor with a textarea that
 * takes the same props and inserts at its selection, as the real one inserts at the cursor.
 */
export default function FakeTemplateMonaco({
  value,
  onChange,
  label,
  onReady,
}: TemplateMonacoProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    onReady?.({
      insert(text) {
        const element = area.current!;
        const start = element.selectionStart;
        const end = element.selectionEnd;
        latest.current(element.value.slice(0, start) + text + element.value.slice(end));
      },
    });
    return () => onReady?.(null);
  }, [onReady]);
  return (
    <textarea
      ref={area}
      aria-label={label}
      data-language="ponte-template"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
