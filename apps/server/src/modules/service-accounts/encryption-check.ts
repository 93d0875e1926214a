import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { encryptionCheck } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';

/** A start whose PONTE_ENCRYPTION_KEY cannot decrypt what is stored (docs/adr/0025). */
export class EncryptionKeyMismatchError extends Error {
  override name = 'EncryptionKeyMismatchError';
  constructor() {
    super(messages.serviceAccounts.keyMismatch);
  }
}

const checkId = 'service-accounts';
const knownText = 'ponte-encryption-check';

/**
 * The first start seals a known text under its key; every later start must open it. Two
 * processes starting together on a new database both insert, one wins, both check.
 */
export async function checkEncryptionKey(db: Database, box: SecretBox): Promise<void> {
  await db
    .insert(encryptionCheck)
    .values({ id: checkId, blob: box.encrypt(knownText), keyId: box.keyId })
    .onConflictDoNothing();
  const [row] = await db.select().from(encryptionCheck);
  let opened: string | null = null;
  try {
    opened = row ? box.decrypt(row.blob) : null;
  } catch {
    opened = null;
  }
  if (opened !== knownText) throw new EncryptionKeyMismatchError();
}
