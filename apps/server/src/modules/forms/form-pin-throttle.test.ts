import { describe, expect, it } from 'vitest';
import { createPinThrottle } from './form-pin-throttle';

describe('the PIN throttle', () => {
  const clock = () => {
    let at = 0;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  };
  const office = '203.0.113.7';

  it('makes the guessing address wait longer after each wrong PIN, up to the cap', () => {
    const time = clock();
    const pins = createPinThrottle({ now: time.now, freeAttempts: 3, maxDelayMs: 60_000 });
    const waits: (number | undefined)[] = [];
    for (let i = 0; i < 10; i++) {
      expect(pins.check('f', office)).toBeUndefined();
      pins.fail('f', office);
      const wait = pins.check('f', office)?.retryAfterSeconds;
      waits.push(wait);
      time.advance((wait ?? 0) * 1000);
    }
    expect(waits).toEqual([undefined, undefined, 1, 2, 4, 8, 16, 32, 60, 60]);
    // Another form, and another address, are not slowed down.
    expect(pins.check('g', office)).toBeUndefined();
    expect(pins.check('f', '203.0.113.8')).toBeUndefined();
  });

  it('lets a colleague behind the same address in within seconds, not 15 minutes', () => {
    const time = clock();
    const pins = createPinThrottle({ now: time.now });
    for (let i = 0; i < 6; i++) pins.fail('f', office); // a guesser, 6 wrong PINs at once
    expect(pins.check('f', office)).toEqual({ retryAfterSeconds: 2 });
    time.advance(2_000);
    expect(pins.check('f', office)).toBeUndefined(); // the right PIN is checked now
  });

  it('starts afresh after 15 minutes without a wrong PIN', () => {
    const time = clock();
    const pins = createPinThrottle({ now: time.now, freeAttempts: 1 });
    for (let i = 0; i < 12; i++) pins.fail('f', office);
    expect(pins.check('f', office)).toEqual({ retryAfterSeconds: 300 });
    time.advance(15 * 60_000);
    pins.fail('f', office);
    expect(pins.check('f', office)).toEqual({ retryAfterSeconds: 1 });
  });

  it('counts an IPv6 client as its /64', () => {
    const pins = createPinThrottle({ now: () => 0, freeAttempts: 1 });
    pins.fail('f', '2001:db8:1:2::1');
    pins.fail('f', '2001:db8:1:2::ffff');
    expect(pins.check('f', '2001:db8:1:2::9')).toEqual({ retryAfterSeconds: 2 });
    expect(pins.check('f', '2001:db8:1:3::1')).toBeUndefined();
  });
});
