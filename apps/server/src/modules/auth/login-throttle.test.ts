import { describe, expect, it } from 'vitest';
import { createMemoryLoginThrottle, loginLimits } from './login-throttle';

describe('memory login throttle', () => {
  it('blocks an e-mail and address pair after 5 failures for up to 15 minutes', async () => {
    const throttle = createMemoryLoginThrottle();
    for (let i = 0; i < loginLimits.perEmailAndIp; i++) {
      expect(await throttle.blockedFor('a@b.com', '1.1.1.1')).toBe(0);
      await throttle.recordFailure('a@b.com', '1.1.1.1');
    }
    const wait = await throttle.blockedFor('a@b.com', '1.1.1.1');
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000);
    expect(await throttle.blockedFor('a@b.com', '2.2.2.2')).toBe(0);
    expect(await throttle.blockedFor('c@d.com', '1.1.1.1')).toBe(0);
  });

  it('resets the pair on success but keeps counting the address', async () => {
    const throttle = createMemoryLoginThrottle();
    for (let i = 0; i < 4; i++) await throttle.recordFailure('a@b.com', '1.1.1.1');
    await throttle.recordSuccess('a@b.com', '1.1.1.1');
    for (let i = 0; i < 4; i++) await throttle.recordFailure('a@b.com', '1.1.1.1');
    expect(await throttle.blockedFor('a@b.com', '1.1.1.1')).toBe(0);
    for (let i = 0; i < loginLimits.perIp - 8; i++) {
      await throttle.recordFailure(`x${i}@b.com`, '1.1.1.1');
    }
    expect(await throttle.blockedFor('nova@b.com', '1.1.1.1')).toBeGreaterThan(0);
  });
});
