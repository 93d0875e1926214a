import { errorCodes } from '@ponte/shared/errors';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError } from '../app-error';

/** How an area answers a name its workspace already has. */
export interface NameTaken {
  /** The unique index on (workspace, name) that decides. */
  constraint: string;
  /** 400 where the spec's screen shows the message (tables), 409 for queues (spec 2 §7). */
  status: 400 | 409;
  /** The area's pt-BR text, sent as the message and on the `name` field. */
  message: string;
}

/**
 * A write guarded by the name index: the index decides, so two concurrent saves of one name
 * cannot both win, and the loser gets the area's `conflict` answer. Any other error passes.
 */
export function uniqueNameGuard({ constraint, status, message }: NameTaken) {
  return async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) === constraint)
        throw new AppError(status, errorCodes.conflict, message, [{ field: 'name', message }]);
      throw error;
    }
  };
}
