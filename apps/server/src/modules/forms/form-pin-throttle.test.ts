import { describe, expect, it } from 'vitest';
import { createPinThrottle } from './form-pin-throttle';

describe('the PIN throttle', () => {
  const clock = () => {
    let at = 0;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  };

  it('refuses an address after 5 wrong PINs until 15 minutes after the first', () => {
    const time = clock();
    const pins = createPinThrottle({ now: time.now });
    for (let i = 0; i < 5; i++) {
      expect(pins.check('f', '203.0.113.7')).toBeUndefined();
      pins.fail('f', '203.0.113.7');
      time.advance(60_000);
    }
    // 5 minutes after the first wrong PIN: 10 minutes left.
    expect(pins.check('f', '203.0.113.7')).toEqual({ retryAfterSeconds: 600, minutes: 10 });
    expect(pins.check('g', '203.0.113.7')).toBeUndefined();
    expect(pins.check('f', '203.0.113.8')).toBeUndefined();
    time.advance(600_000);
    expect(pins.check('f', '203.0.113.7')).toBeUndefined();
  });

  it('counts an IPv6 client as its /64', () => {
    const pins = createPinThrottle({ now: () => 0, attempts: 2 });
    pins.fail('f', '2001:db8:1:2::1');
    pins.fail('f', '2001:db8:1:2::ffff');
    expect(pins.check('f', '2001:db8:1:2::9')).toMatchObject({ minutes: 15 });
    expect(pins.check('f', '2001:db8:1:3::1')).toBeUndefined();
  });
});
