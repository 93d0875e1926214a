import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { errorMessage, isApiError, type ApiError } from '../../lib/api/api-error';

/** How many of the server's issues a failed save names (the rest are counted). */
const namedIssues = 3;

/**
 * The server's refusal with the issues it found that the editor cannot see itself (a `{{ }}`
 * JSONata cannot read, a cron expression): 'O fluxo possui erros … O conector "Log": …'.
 */
function withIssues(error: ApiError): string {
  if (!Array.isArray(error.details) || !error.details.length) return error.message;
  const issues = [...new Set(error.details.map((issue) => issue.message))];
  const named = issues.slice(0, namedIssues).join(' ');
  const more = issues.length - namedIssues;
  return `${error.message} ${named}${more > 0 ? ` (e mais ${more})` : ''}`;
}

/** Spec 1 §8: what a failed save says (400 deprecated, 429 node limit with N, anything else). */
export function saveErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 400 && error.code === errorCodes.deprecatedNodes) {
      return messages.flows.deprecated;
    }
    // The server's 429 already reads 'Você atingiu o limite … (N) …' with the customer's N.
    if (error.status === 429 && error.code === errorCodes.nodeLimit) return error.message;
    if (error.code === errorCodes.invalidFlow) return messages.flows.saveError(withIssues(error));
  }
  return messages.flows.saveError(errorMessage(error));
}
