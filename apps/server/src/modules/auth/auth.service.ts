import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { SetupBody } from '@ponte/shared/account.schema';
import { groupLimitable } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { createAuthRepository, type NewAccount } from './auth.repository';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';
import type { SessionTokens } from './sessions';
import type { RecordSecurityEvent } from '../audit/security-log.service';

export interface AuthServiceDeps {
  db: Database;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  now: () => Date;
  /** The security log: failed and throttled sign-ins (docs/adr/0021). */
  security?: RecordSecurityEvent;
  /**
   * Whether this person may sign in with a password (docs/adr/0108: refused while single
   * sign-on is required, but to the instance's owner). Default: always.
   */
  passwordSignInAllowed?: (person: { isOwner: boolean }) => Promise<boolean>;
}

const signInRoute = 'POST /account/v1/authenticate';

const invalidCredentials = () =>
  new AppError(401, errorCodes.invalidCredentials, messages.account.invalidCredentials);

function tooManyAttempts(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(
    429,
    errorCodes.tooManyAttempts,
    messages.account.tooManyAttempts(minutes),
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * The throttle first (429 while blocked, logged), then the password against the account's
 * hash, or against a dummy for an unknown e-mail so that both take as long; `report` logs a
 * failure on the side, so that a failure takes as long with or without the log.
 */
function createPasswordCheck(
  throttle: LoginThrottle,
  repository: ReturnType<typeof createAuthRepository>,
  security: RecordSecurityEvent | undefined,
) {
  return async (email: string, password: string, ip: string, resource: string) => {
    const waitMs = await throttle.blockedFor(email, ip);
    const user = await repository.findUserByEmail(email);
    const log = (kind: 'throttled' | 'sign_in_failed', detail: string) => {
      if (!security) return;
      const workspace = user ? repository.firstWorkspaceOf(user.id) : Promise.resolve(null);
      void workspace.then(
        (workspaceId) => security({ kind, userId: user?.id, workspaceId, resource, detail, ip }),
        () => security({ kind, userId: user?.id, resource, detail, ip }),
      );
    };
    if (waitMs > 0) {
      log('throttled', `Entrada bloqueada por excesso de tentativas (e-mail ${email}, IP ${ip}).`);
      throw tooManyAttempts(waitMs);
    }
    const valid = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyAgainstDummy(password);
    return { user, valid, report: (detail: string) => log('sign_in_failed', detail) };
  };
}

/**
 * While single sign-on is required, a right password of anyone but the instance's owner is
 * refused (docs/adr/0108); checked after the password, so it tells nothing to whom does not know
 * it.
 */
function ssoOnlyGuard(passwordSignInAllowed: AuthServiceDeps['passwordSignInAllowed']) {
  return async (user: { isOwner: boolean }, report: (detail: string) => void, ip: string) => {
    if (!passwordSignInAllowed || (await passwordSignInAllowed(user))) return;
    report(`Login com senha desativado: use o login único (IP ${ip}).`);
    throw new AppError(403, errorCodes.passwordSignInDisabled, messages.sso.passwordSignInDisabled);
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens, throttle, now, security, passwordSignInAllowed } = deps;
  const repository = createAuthRepository(db);

  const passwordCheck = createPasswordCheck(throttle, repository, security);

  const refuseWhenSsoOnly = ssoOnlyGuard(passwordSignInAllowed);

  /** Creates owner, customer and workspace when no user exists yet; null otherwise. */
  async function createFirstAccount(account: Omit<NewAccount, 'passwordHash'>, password: string) {
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const inTx = createAuthRepository(tx);
      await inTx.lockFirstAccount();
      if ((await inTx.countUsers()) > 0) return null;
      return inTx.createOwnerAccount({ ...account, passwordHash }, now());
    });
  }

  return {
    async needsSetup(): Promise<boolean> {
      return (await repository.countUsers()) === 0;
    },

    async setup(body: SetupBody): Promise<string> {
      const created = await createFirstAccount(
        {
          customerName: body.workspace_name,
          workspaceName: body.workspace_name,
          userName: body.name,
          email: body.email,
        },
        body.password,
      );
      if (!created) throw new AppError(409, errorCodes.setupDone, messages.account.setupDone);
      return tokens.issue(created.userId, created.workspaceId);
    },

    /** PONTE_ADMIN_EMAIL/PASSWORD: the first account without a browser. True when created. */
    async bootstrapAdmin(admin: { email: string; password: string }): Promise<boolean> {
      const userName = admin.email.split('@')[0] || admin.email;
      const created = await createFirstAccount(
        { customerName: 'Principal', workspaceName: 'Principal', userName, email: admin.email },
        admin.password,
      );
      return created !== null;
    },

    async authenticate(email: string, password: string, ip: string): Promise<string> {
      const { user, valid, report } = await passwordCheck(email, password, ip, signInRoute);
      const workspaceId = user && valid ? await repository.firstWorkspaceOf(user.id) : null;
      if (!user || !workspaceId) {
        report(
          !user
            ? `E-mail desconhecido: ${email} (IP ${ip}).`
            : valid
              ? `A conta não participa de nenhum workspace (IP ${ip}).`
              : `Senha incorreta (IP ${ip}).`,
        );
        await throttle.recordFailure(email, ip);
        throw invalidCredentials();
      }
      await throttle.recordSuccess(email, ip);
      await refuseWhenSsoOnly(user, report, ip);
      security?.({
        kind: 'signed_in',
        userId: user.id,
        workspaceId,
        resource: signInRoute,
        detail: 'Entrada com e-mail e senha.',
        ip,
      });
      return tokens.issue(user.id, workspaceId);
    },

    /**
     * An e-mail and password checked as a sign-in is (the same throttle, verifier and security
     * log, for `resource`), without opening a session: the account's id, or the sign-in's 401
     * or 429. An existing account accepting an invitation (docs/adr/0106).
     */
    async checkCredentials(
      email: string,
      password: string,
      ip: string,
      resource: string,
    ): Promise<string> {
      const { user, valid, report } = await passwordCheck(email, password, ip, resource);
      if (!user || !valid) {
        report(!user ? `E-mail desconhecido: ${email} (IP ${ip}).` : `Senha incorreta (IP ${ip}).`);
        await throttle.recordFailure(email, ip);
        throw invalidCredentials();
      }
      await throttle.recordSuccess(email, ip);
      await refuseWhenSsoOnly(user, report, ip);
      return user.id;
    },

    /**
     * The session a bearer token opens, or null: a bad token, a session rotated, revoked (a
     * password change) or expired, or a user no longer member of the workspace.
     */
    async resolveSession(token: string): Promise<AuthContext | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const row = await repository.findSession(claims.jti, claims.sub, claims.wid, now());
      if (!row) return null;
      return {
        userId: row.userId,
        workspaceId: claims.wid,
        customerId: row.customerId,
        isOwner: row.isOwner,
        role: row.role,
        ...(row.groupIds && groupLimitable(row.role) ? { groupIds: row.groupIds } : {}),
        sessionId: claims.jti,
        expiresAt: new Date(Math.min(row.expiresAt.getTime(), claims.exp * 1000)),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
