import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { formatDocumentTitle } from './route-title';
import type { RouteTitleHandle } from './route-title';

function titleOf(handle: unknown): string | undefined {
  const title = (handle as Partial<RouteTitleHandle> | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
}

/** Keeps document.title on the deepest matched route's title ('Flows — Ponte'). */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => titleOf(match.handle))
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
  return null;
}
