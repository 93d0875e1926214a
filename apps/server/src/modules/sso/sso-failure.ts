import type { SsoErrorCode } from '@ponte/shared/messages-sso';

/** Why a sign-in was refused: the sign-in page's code and the security log's sentence. */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(
    readonly code: SsoErrorCode,
    /** For the security log: pt-BR, no secret, no token. */
    readonly detail: string,
    readonly userId: string | null = null,
  ) {
    super(detail);
  }
}

/** A provider's text, cut to a length the security log shows whole. */
export const shortText = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
