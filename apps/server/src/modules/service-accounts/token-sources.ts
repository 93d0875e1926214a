import type { HttpPort } from '@ponte/engine/ports';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { createJwtTokenSource } from '../../adapters/service-account-tokens/jwt-token';
import { createPixApiTokenSource } from '../../adapters/service-account-tokens/pix-api-token';
import { createSankhyaTokenSource } from '../../adapters/service-account-tokens/sankhya-token';
import type { DecryptedAccount } from './connection-testers';

/**
 * The bearer credential of an account that issues tokens (jwt, OAuth2 types): `force` asks
 * for a new one now (after a 401). Rejects with a pt-BR message.
 */
export type TokenSource = (
  account: DecryptedAccount,
  options: { force: boolean; signal: AbortSignal },
) => Promise<string>;

export type TokenSources = Partial<Record<ServiceAccountType | (string & {}), TokenSource>>;

export interface TokenSourceDeps {
  http: HttpPort;
  now: () => Date;
  /** Sankhya's gateway when an account has no 'URL da API' (PONTE_SANKHYA_URL). */
  sankhyaUrl: string;
}

/**
 * The token sources by type; each type that issues tokens adds its line here from its own
 * file. A type without one makes `ServiceAccountsPort.accessToken` reject in pt-BR.
 */
export function createTokenSources(deps: TokenSourceDeps): TokenSources {
  return {
    jwt: createJwtTokenSource(deps.http, () => deps.now().getTime()),
    sankhya_partner_id: createSankhyaTokenSource(deps.http, deps.sankhyaUrl, () =>
      deps.now().getTime(),
    ),
    pix_api: createPixApiTokenSource(deps.http, () => deps.now().getTime()),
  };
}
