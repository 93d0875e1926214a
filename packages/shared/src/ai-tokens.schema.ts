import { z } from 'zod';
import { locale } from './limits';

/**
 * Tokens of one or more model answers (docs/adr/0101): `entrada`, what the model read, and
 * `saida`, what it wrote; the names of `msg.llm.tokens` and `msg.agent.tokens`.
 */
export const aiTokensSchema = z.object({
  entrada: z.number().int().min(0),
  saida: z.number().int().min(0),
});
export type AiTokens = z.infer<typeof aiTokensSchema>;

const integer = new Intl.NumberFormat(locale);

/** A count of tokens in pt-BR digits: '1.234.567'. */
export const formatTokens = (tokens: number): string => integer.format(tokens);
