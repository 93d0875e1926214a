/** What a route tells the document title (read by `DocumentTitle`). */
export interface RouteTitleHandle {
  title: string;
}

/** 'Flows' → 'Flows — Ponte'; no page title → 'Ponte'. */
export function formatDocumentTitle(title: string | undefined): string {
  return title ? `${title} — Ponte` : 'Ponte';
}

/** The route fields that give a page its document title: `{ path, element, ...titled('Flows') }`. */
export function titled(title: string): { handle: RouteTitleHandle } {
  return { handle: { title } };
}
