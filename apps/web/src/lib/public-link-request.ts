import type { z } from 'zod';

/** A public link's answer: what the server sent, or the refusal as a person reads it. */
export type LinkAnswer<T> =
  { kind: 'ok'; value: T } | { kind: 'refused'; status: number; message: string };

export interface LinkTexts {
  /** Always shown on 404, whatever answered it: the link is unknown or expired. */
  notFound: string;
  /** The server could not be reached. */
  offline: string;
  /** The server answered something unexpected. */
  failure: string;
  /** What a status says when the server sent no pt-BR message of its own. */
  byStatus?: Partial<Record<number, string>>;
}

/**
 * A request of a page served to a link holder without a session (an approval's page): JSON
 * checked against `schema`; a refusal keeps the server's pt-BR message when it sent one.
 */
export async function publicLinkRequest<T>(
  path: string,
  init: RequestInit,
  schema: z.ZodType<T>,
  texts: LinkTexts,
): Promise<LinkAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    return { kind: 'refused', status: 0, message: texts.offline };
  }
  const status = response.status;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (status === 404) return { kind: 'refused', status, message: texts.notFound };
    const sent = (body as { message?: unknown } | null)?.message;
    const message =
      typeof sent === 'string' && sent ? sent : (texts.byStatus?.[status] ?? texts.failure);
    return { kind: 'refused', status, message };
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { kind: 'ok', value: parsed.data }
    : { kind: 'refused', status, message: texts.failure };
}

/** The options of a JSON POST. */
export const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
