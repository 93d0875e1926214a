import { describe, expect, it } from 'vitest';
import {
  failureMatches,
  newRetryPolicy,
  nodeOnErrorSchema,
  retryDelayMs,
  retryPatternError,
} from './node-on-error';

const match = { statuses: [] as string[], timeouts: false, network: false, text: '' };

describe("'Em caso de erro'", () => {
  it('grows the gap by the factor up to the maximum, and fixed stays the same', () => {
    const policy = { ...newRetryPolicy, jitter: false, base_ms: 1_000, factor: 3, max_ms: 5_000 };
    expect([1, 2, 3].map((attempt) => retryDelayMs(policy, attempt, Math.random))).toEqual([
      1_000, 3_000, 5_000,
    ]);
    const fixed = { ...policy, backoff: 'fixed' as const };
    expect([1, 2, 3].map((attempt) => retryDelayMs(fixed, attempt, Math.random))).toEqual([
      1_000, 1_000, 1_000,
    ]);
  });

  it('draws a jittered gap between half and all of it; Retry-After wins when longer', () => {
    const policy = { ...newRetryPolicy, base_ms: 2_000 };
    expect(retryDelayMs(policy, 1, () => 0)).toBe(1_000);
    expect(retryDelayMs(policy, 1, () => 0.999_999)).toBe(2_000);
    expect(retryDelayMs(policy, 1, () => 0, 30_000)).toBe(30_000);
    expect(retryDelayMs(policy, 1, () => 0, 10 * 24 * 3_600_000)).toBe(24 * 3_600_000);
  });

  it('matches statuses, classes, timeouts, the network and a text or a regex', () => {
    const failure = { message: 'Limite de requisições atingido' };
    expect(failureMatches(undefined, failure)).toBe(true);
    expect(failureMatches({ ...match, statuses: ['429'] }, { ...failure, status: 429 })).toBe(true);
    expect(failureMatches({ ...match, statuses: ['5xx'] }, { ...failure, status: 429 })).toBe(
      false,
    );
    expect(failureMatches({ ...match, statuses: ['4xx'] }, { ...failure, status: 404 })).toBe(true);
    expect(failureMatches({ ...match, timeouts: true }, { ...failure, kind: 'timeout' })).toBe(
      true,
    );
    expect(failureMatches({ ...match, timeouts: true }, { ...failure, kind: 'network' })).toBe(
      false,
    );
    expect(failureMatches({ ...match, network: true }, { ...failure, kind: 'network' })).toBe(true);
    expect(failureMatches({ ...match, text: 'requisicoes ATINGIDO' }, failure)).toBe(true);
    expect(failureMatches({ ...match, text: '/limite de \\w+/i' }, failure)).toBe(true);
    expect(failureMatches({ ...match, text: '/^atingido/' }, failure)).toBe(false);
    expect(failureMatches(match, failure)).toBe(false);
  });

  it('refuses a regex that does not compile and counts out of range', () => {
    expect(retryPatternError('/(/')).toBe('A expressão regular não é válida.');
    expect(retryPatternError('(')).toBeNull();
    expect(nodeOnErrorSchema.safeParse({ ...newRetryPolicy, retries: 11 }).success).toBe(false);
    expect(
      nodeOnErrorSchema.safeParse({ ...newRetryPolicy, match: { ...match, statuses: ['6xx'] } })
        .success,
    ).toBe(false);
  });
});
