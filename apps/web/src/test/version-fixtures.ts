import { expect } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { VersionSummary } from '@ponte/shared/versions.schema';
import type { MockRoute } from './mock-fetch';

/** A version of the history: by Maria Souza on 01/03/2026 14:05 (São Paulo), no message. */
export const versionSummary = (
  number: number,
  extra: Partial<VersionSummary> = {},
): VersionSummary => ({
  number,
  author: { id: 'u1', name: 'Maria Souza' },
  created_at: '2026-03-01T17:05:00Z',
  message: '',
  restored_from: null,
  ...extra,
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The history routes of one resource at `base` (e.g. '/api/v1/forms/fm1'): the list answers
 * `summaries` (newest first) ten a page with `current`; each version answers its document.
 */
export function versionRoutes(
  base: string,
  {
    current,
    summaries,
    documents,
  }: { current: number; summaries: VersionSummary[]; documents: Record<number, unknown> },
): MockRoute[] {
  return [
    {
      method: 'GET',
      path: `${base}/versions`,
      reply: (call) => {
        const page = Number(call.url.searchParams.get('page') ?? 1);
        const limit = Number(call.url.searchParams.get('limit') ?? 20);
        const items = summaries.slice((page - 1) * limit, page * limit);
        return { body: { items, total: summaries.length, current } };
      },
    },
    {
      method: 'GET',
      path: new RegExp(`^${escaped(base)}/versions/(\\d+)$`),
      reply: (call) => {
        const number = Number(call.path.split('/').pop());
        const summary = summaries.find((each) => each.number === number);
        if (!(number in documents))
          return {
            status: 404,
            body: { statusCode: 404, code: 'not_found', message: 'Versão não encontrada.' },
          };
        return { body: { ...(summary ?? versionSummary(number)), document: documents[number] } };
      },
    },
  ];
}

/** The 409 of a save based on an old version: João saved version `current` at 14:05. */
export const versionConflict = (
  current: number,
  message = 'Este formulário foi alterado por João Lima às 14:05 depois que você o abriu.',
) => ({
  status: 409,
  body: {
    statusCode: 409,
    code: 'version_conflict',
    message,
    details: {
      current_version: current,
      changed_by: 'João Lima',
      changed_at: '2026-03-01T17:05:00Z',
    },
  },
});

/**
 * Opens 'Histórico de versões' and waits for version `current` in the drawer, marked 'Atual'.
 * Returns the drawer.
 */
export async function openHistoryAt(user: UserEvent, current: number): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Histórico de versões' }));
  const drawer = await screen.findByRole('dialog', { name: 'Histórico de versões' });
  const item = await within(drawer).findByRole('listitem', { name: `Versão ${current}` });
  expect(item).toHaveTextContent('Atual');
  return drawer;
}
