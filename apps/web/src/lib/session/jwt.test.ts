import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/session-fixtures';
import { decodeJwtPayload, tokenExpiresAt } from './jwt';

describe('jwt', () => {
  it('reads exp (seconds) as milliseconds', () => {
    expect(tokenExpiresAt(makeToken(1_800_000_000_000))).toBe(1_800_000_000_000);
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const payload = window
      .btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"João","exp":1}')))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeJwtPayload(`x.${payload}.y`)).toEqual({ name: 'João', exp: 1 });
  });

  it('returns null for a token without exp', () => {
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt(`a.${window.btoa('{"sub":"x"}')}.c`)).toBeNull();
  });
});
