import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';

describe('password hasher', () => {
  it('stores a self-describing scrypt hash with a random salt', async () => {
    const a = await hashPassword('senha-secreta');
    const b = await hashPassword('senha-secreta');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.split('$')[4]!, 'base64')).toHaveLength(16);
  });

  it('accepts the right password only', async () => {
    const stored = await hashPassword('senha-secreta');
    expect(await verifyPassword('senha-secreta', stored)).toBe(true);
    expect(await verifyPassword('senha-secretA', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuses unknown or damaged hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyAgainstDummy('x')).toBe(false);
  });
});
