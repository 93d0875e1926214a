/** The keys of a `gpg_auth` account, read and unlocked with openpgp (ADR 0028). */
import type * as OpenPgp from 'openpgp';
import { loadOnce } from '@ponte/shared/load-once';

/** openpgp, loaded on the first PGP node or GPG account test (docs/adr/0127). */
export const loadOpenpgp = loadOnce(() => import('openpgp'));

export interface GpgKeys {
  /** The other party's key: what `encrypt` encrypts to and `verify` checks against. */
  publicKey?: OpenPgp.Key;
  /** The account's own key, unlocked: what `decrypt` and `sign` use. */
  privateKey?: OpenPgp.PrivateKey;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const normalise = (fingerprint: string) => fingerprint.replace(/[\s:]/g, '').toUpperCase();

/** Upper-case hex of the fingerprint (spaces and colons dropped). */
export const fingerprintOf = (key: OpenPgp.Key) => key.getFingerprint().toUpperCase();

/**
 * Reads the account's keys: the public key, and the private key unlocked with the passphrase.
 * Every failure is a pt-BR message naming which key, never holding key material or the
 * passphrase. A `fingerprint` set on the account must be one of the keys'.
 */
export async function readGpgKeys(data: Record<string, unknown>): Promise<GpgKeys> {
  const openpgp = await loadOpenpgp();
  const keys: GpgKeys = {};
  const armoredPublic = text(data.public_key);
  const armoredPrivate = text(data.private_key);
  if (armoredPublic) {
    try {
      keys.publicKey = await openpgp.readKey({ armoredKey: armoredPublic });
    } catch {
      throw new Error('A chave pública da conta GPG não é uma chave PGP válida.');
    }
  }
  if (armoredPrivate) {
    let privateKey: OpenPgp.PrivateKey;
    try {
      privateKey = await openpgp.readPrivateKey({ armoredKey: armoredPrivate });
    } catch {
      throw new Error('A chave privada da conta GPG não é uma chave PGP privada válida.');
    }
    const passphrase = typeof data.passphrase === 'string' ? data.passphrase : '';
    if (privateKey.isDecrypted()) keys.privateKey = privateKey;
    else {
      if (!passphrase) throw new Error('A chave privada da conta GPG pede a frase secreta.');
      try {
        keys.privateKey = await openpgp.decryptKey({ privateKey, passphrase });
      } catch {
        throw new Error('A frase secreta da conta GPG não abre a chave privada.');
      }
    }
  }
  const pinned = normalise(text(data.fingerprint));
  if (pinned) {
    const known = [keys.publicKey, keys.privateKey]
      .filter((key): key is OpenPgp.Key => !!key)
      .map(fingerprintOf);
    if (!known.includes(pinned)) {
      throw new Error('A impressão digital da conta GPG não confere com nenhuma das chaves.');
    }
  }
  return keys;
}

export function needPublic(keys: GpgKeys): OpenPgp.Key {
  if (!keys.publicKey) throw new Error('A conta GPG não tem chave pública.');
  return keys.publicKey;
}

export function needPrivate(keys: GpgKeys): OpenPgp.PrivateKey {
  if (!keys.privateKey) throw new Error('A conta GPG não tem chave privada.');
  return keys.privateKey;
}

/** Connection test of a `gpg_auth` account: the keys read, unlock and match the fingerprint. */
export async function testGpgAccount(data: Record<string, unknown>): Promise<string> {
  const keys = await readGpgKeys(data);
  if (!keys.publicKey && !keys.privateKey) throw new Error('A conta GPG não tem nenhuma chave.');
  const parts = [
    keys.publicKey ? `chave pública ${fingerprintOf(keys.publicKey)}` : '',
    keys.privateKey ? `chave privada ${fingerprintOf(keys.privateKey)} aberta` : '',
  ].filter(Boolean);
  return `Chaves válidas: ${parts.join('; ')}.`;
}
