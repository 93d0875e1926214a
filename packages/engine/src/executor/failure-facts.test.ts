import { describe, expect, it } from 'vitest';
import { failureFactsOf, retryAfterMs } from './failure-facts';

describe('what a failure was', () => {
  it('reads the status, Retry-After and kind a connector or the HTTP client gave', () => {
    const http = Object.assign(new Error('status 503'), {
      details: { status: 503, retry_after_ms: 2_000 },
    });
    expect(failureFactsOf(http)).toEqual({
      message: 'status 503',
      status: 503,
      retryAfterMs: 2_000,
    });
    const refused = Object.assign(new Error('recusada'), { code: 'connection' });
    expect(failureFactsOf(new Error('A requisição HTTP falhou', { cause: refused }))).toEqual({
      message: 'A requisição HTTP falhou',
      kind: 'network',
    });
    expect(failureFactsOf(Object.assign(new Error('x'), { code: 'timeout' })).kind).toBe('timeout');
    expect(failureFactsOf('texto')).toEqual({ message: 'texto' });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 30 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('amanhã', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
