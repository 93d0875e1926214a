import { z } from 'zod';
import { aiTokensSchema, formatTokens } from './ai-tokens.schema';
import { bucketStart } from './dashboard-periods';
import { limits, locale, timeZone } from './limits';
import { llmMessages } from './messages-llm';

/**
 * What the AI nodes spend (docs/ai.md 'Custo e limites', docs/adr/0101): tokens in and out of
 * the model calls, per execution and per workspace, and the workspace's optional monthly budget,
 * counted by month in America/Sao_Paulo.
 */

const budgetRange = { error: llmMessages.budgetRange };

/** 'Orçamento mensal de tokens de IA': a whole number from 1.000 to 10^12; null, no limit. */
export const aiTokenBudgetSchema = z
  .number(budgetRange)
  .int(budgetRange)
  .min(limits.aiTokenBudgetMin, budgetRange)
  .max(limits.aiTokenBudgetMax, budgetRange)
  .nullable();

/** PUT /api/v1/workspaces/current/ai-budget (the owner only). */
export const aiBudgetBodySchema = z.object({ ai_token_budget: aiTokenBudgetSchema });
export type AiBudgetBody = z.infer<typeof aiBudgetBodySchema>;

/** GET and PUT /api/v1/workspaces/current/ai-budget: the budget and the month's tokens so far. */
export const aiBudgetSchema = z.object({
  ai_token_budget: z.number().int().nullable(),
  used_this_month: aiTokensSchema,
});
export type AiBudget = z.infer<typeof aiBudgetSchema>;

/** The first instant of the month of `at` in São Paulo: the month a budget counts. */
export function budgetMonthStart(at: Date): Date {
  return bucketStart(at, 'month');
}

const monthName = new Intl.DateTimeFormat(locale, { timeZone, month: 'long', year: 'numeric' });
/** The refusal of a model call when the month's tokens reached `budget` ('… em novembro de 2026'). */
export function budgetSpentMessage(budget: number, at: Date): string {
  return llmMessages.budgetSpent(formatTokens(budget), monthName.format(at));
}
