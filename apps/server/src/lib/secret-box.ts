import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The blob's format: `v1:<keyId>:<iv b64>:<tag b64>:<ciphertext b64>`. */
const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

/** The blob was made under another key, was altered, or is not a blob at all. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** The first 8 hex characters of sha256(key): names the key in every blob (for a rotation). */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export interface SecretBox {
  readonly keyId: string;
  /** A new random IV on every call: the same text never gives the same blob. */
  encrypt(plain: string): string;
  /** Throws SecretBoxError for a blob of another key, altered, or malformed. */
  decrypt(blob: string): string;
}

/** AES-256-GCM under a 32-byte key (PONTE_ENCRYPTION_KEY; docs/adr/0025). */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A chave de criptografia deve ter 32 bytes.');
  const keyId = keyIdOf(key);
  return {
    keyId,
    encrypt(plain) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        version,
        keyId,
        iv.toString('base64'),
        tag.toString('base64'),
        sealed.toString('base64'),
      ].join(':');
    },
    decrypt(blob) {
      const parts = blob.split(':');
      if (parts.length !== 5 || parts[0] !== version)
        throw new SecretBoxError('Segredo cifrado em formato desconhecido.');
      const [, blobKeyId, ivText, tagText, sealedText] = parts as [
        string,
        string,
        string,
        string,
        string,
      ];
      if (blobKeyId !== keyId)
        throw new SecretBoxError('Segredo cifrado com outra chave de criptografia.');
      const iv = Buffer.from(ivText, 'base64');
      const tag = Buffer.from(tagText, 'base64');
      if (iv.length !== ivBytes || tag.length !== tagBytes)
        throw new SecretBoxError('Segredo cifrado em formato desconhecido.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
        decipher.setAuthTag(tag);
        return Buffer.concat([
          decipher.update(Buffer.from(sealedText, 'base64')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('Segredo cifrado alterado ou de outra chave.');
      }
    },
  };
}
