import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from '@mantine/core';

/**
 * HTML a user wrote (a form's message, a dashboard's text widget), sanitised with DOMPurify
 * before it reaches the page: no script, no event handler, no javascript: link.
 */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  if (!clean.trim()) return null;
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
