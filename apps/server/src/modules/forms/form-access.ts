import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { Database } from '../../db/client';
import { verifyAgainstDummy, verifyPassword } from '../auth/password-hasher';
import { findFormById, type FormRow } from './form-definition';
import type { PinThrottleGuard } from './form-pin-throttle';

const m = messages.forms.public;

/** Who asks for a form on the public routes. */
export interface FormVisitor {
  /** The client's address, as PONTE_TRUST_PROXY decides it (docs/adr/0015). */
  address: string;
  /** The `x-ponte-form-pin` header, when sent. */
  pin: string | undefined;
  /** A bearer token, when sent (an owner previewing a draft). */
  token: string | undefined;
}

export interface FormAccessDeps {
  db: Database;
  pins: PinThrottleGuard;
  resolveSession(token: string): Promise<AuthContext | null>;
}

/** What a visitor may see of a form: all of it, its title only (PIN), or a draft's preview. */
export interface FormAccess {
  form: FormRow;
  locked: boolean;
  preview: boolean;
}

export const formNotFound = () => new AppError(404, errorCodes.notFound, m.notFound);

const pinWrong = () => new AppError(401, errorCodes.formPin, m.pinWrong);

/**
 * The public routes' gate (docs/adr/0038). Unknown and draft forms are one 404, whatever the
 * workspace; a member of the form's workspace previews a draft (PIN skipped) when `preview`
 * is allowed. A form with PIN: no PIN → locked (or 401 when `pinRequired`), a wrong one → 401,
 * counted per form and address; past the free ones the address waits a growing delay, during
 * which every PIN, a right one too, answers 429.
 */
export function createFormAccess(deps: FormAccessDeps) {
  async function isMember(form: FormRow, token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const session = await deps.resolveSession(token).catch(() => null);
    return session?.workspaceId === form.workspaceId;
  }

  async function checkPin(form: FormRow, visitor: FormVisitor): Promise<boolean> {
    const throttled = deps.pins.check(form.id, visitor.address);
    if (throttled) {
      throw new AppError(
        429,
        errorCodes.rateLimited,
        m.pinThrottled(throttled.retryAfterSeconds),
        undefined,
        { 'retry-after': String(throttled.retryAfterSeconds) },
      );
    }
    const pin = visitor.pin ?? '';
    const right = form.authPinHash
      ? await verifyPassword(pin, form.authPinHash)
      : await verifyAgainstDummy(pin);
    if (!right) deps.pins.fail(form.id, visitor.address);
    return right;
  }

  return {
    async open(
      formId: string,
      visitor: FormVisitor,
      options: { allowPreview: boolean; pinRequired: boolean },
    ): Promise<FormAccess> {
      const form = await findFormById(deps.db, formId);
      if (!form) throw formNotFound();
      if (form.status !== 'published') {
        if (options.allowPreview && (await isMember(form, visitor.token)))
          return { form, locked: false, preview: true };
        throw formNotFound();
      }
      if (!form.requireAuthPin) return { form, locked: false, preview: false };
      if (!visitor.pin) {
        if (options.pinRequired) throw pinWrong();
        return { form, locked: true, preview: false };
      }
      if (!(await checkPin(form, visitor))) throw pinWrong();
      return { form, locked: false, preview: false };
    },
  };
}

export type FormAccessGate = ReturnType<typeof createFormAccess>;
