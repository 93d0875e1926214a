import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyIdOf, SecretBoxError } from './secret-box';

const key = randomBytes(32);
const box = createSecretBox(key);
const secret = JSON.stringify({ password: 'senha-muito-secreta', token: 'tok-ção' });

describe('secret box', () => {
  it('gives back what it encrypted, and the blob does not hold the text', () => {
    const blob = box.encrypt(secret);
    expect(blob).not.toContain('senha-muito-secreta');
    expect(blob.split(':')).toHaveLength(5);
    expect(blob.startsWith(`v1:${keyIdOf(key)}:`)).toBe(true);
    expect(box.decrypt(blob)).toBe(secret);
    expect(createSecretBox(Buffer.from(key)).decrypt(blob)).toBe(secret);
  });

  it('uses a new IV on every encryption', () => {
    const blobs = new Set(Array.from({ length: 20 }, () => box.encrypt(secret)));
    expect(blobs.size).toBe(20);
    const ivs = new Set([...blobs].map((blob) => blob.split(':')[2]));
    expect(ivs.size).toBe(20);
  });

  it('refuses an altered blob', () => {
    const blob = box.encrypt(secret);
    const parts = blob.split(':');
    const sealed = Buffer.from(parts[4]!, 'base64');
    sealed[0] = sealed[0]! ^ 1;
    const altered = [...parts.slice(0, 4), sealed.toString('base64')].join(':');
    expect(() => box.decrypt(altered)).toThrow(SecretBoxError);
    const tag = Buffer.from(parts[3]!, 'base64');
    tag[0] = tag[0]! ^ 1;
    expect(() =>
      box.decrypt([...parts.slice(0, 3), tag.toString('base64'), parts[4]].join(':')),
    ).toThrow(SecretBoxError);
    expect(() => box.decrypt('texto qualquer')).toThrow(SecretBoxError);
  });

  it('refuses a blob of another key, even one that claims this key id', () => {
    const other = createSecretBox(randomBytes(32));
    const blob = other.encrypt(secret);
    expect(() => box.decrypt(blob)).toThrow(SecretBoxError);
    const forged = blob.replace(`:${other.keyId}:`, `:${box.keyId}:`);
    expect(() => box.decrypt(forged)).toThrow(SecretBoxError);
  });
});
