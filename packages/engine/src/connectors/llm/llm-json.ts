import { z } from 'zod';
import { messages } from '@ponte/shared/messages';

const m = messages.llm;

/** Problems of a value against the schema put in a message, at most. */
const maxProblems = 5;

/** A checker of the answers: the problems of a value in pt-BR, or null when it fits. */
export type SchemaCheck = (value: unknown) => string | null;

/** The param's JSON Schema as a checker; none when empty. Throws, in pt-BR, when it is not one. */
export function compileSchema(source: string | undefined): SchemaCheck | null {
  const written = (source ?? '').trim();
  if (!written) return null;
  let schema: unknown;
  try {
    schema = JSON.parse(written);
  } catch (error) {
    throw new Error(m.schemaInvalid(`não é um JSON (${(error as Error).message}).`));
  }
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null)) {
    throw new Error(m.schemaInvalid('deve ser um objeto JSON.'));
  }
  let check: z.ZodType;
  try {
    check = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new Error(m.schemaInvalid((error as Error).message));
  }
  const localeError = z.locales.pt().localeError;
  return (value) => {
    const result = check.safeParse(value, { error: localeError });
    if (result.success) return null;
    const problems = result.error.issues.slice(0, maxProblems).map((issue) => {
      const at = issue.path.length ? issue.path.join('.') : '(raiz)';
      return `${at}: ${issue.message}`;
    });
    const more = result.error.issues.length - problems.length;
    return `${problems.join('; ')}${more > 0 ? `; e mais ${more}` : ''}.`;
  };
}

/** A ```json fence around the answer, which models often add. */
const fence = /^\s*```[a-zA-Z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/;

/** The answer's JSON, or why it is not one (pt-BR, for the retry and the node's failure). */
export function parseAnswer(answer: string): { value: unknown } | { problem: string } {
  const inside = fence.exec(answer)?.[1] ?? answer;
  try {
    return { value: JSON.parse(inside) as unknown };
  } catch (error) {
    return { problem: m.jsonParse((error as Error).message) };
  }
}
