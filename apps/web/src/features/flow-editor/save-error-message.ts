import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { errorMessage, isApiError } from '../../lib/api/api-error';

/** Spec 1 §8: what a failed save says (400 deprecated, 429 node limit with N, anything else). */
export function saveErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 400 && error.code === errorCodes.deprecatedNodes) {
      return messages.flows.deprecated;
    }
    // The server's 429 already reads 'Você atingiu o limite … (N) …' with the customer's N.
    if (error.status === 429 && error.code === errorCodes.nodeLimit) return error.message;
  }
  return messages.flows.saveError(errorMessage(error));
}
