import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { instanceSecrets } from '../../db/schema';

const jwtSecretId = 'jwt';

/**
 * The secret that signs the sessions, shared by every process of the instance
 * (docs/adr/0068): `PONTE_JWT_SECRET` when given; else the one kept in `instance_secrets`,
 * written once — from the data dir's old `secrets.json` when there is one (sessions survive the
 * upgrade), else random. Two processes starting together both insert, one wins, both read it.
 */
export async function resolveJwtSecret(
  db: Database,
  given: { jwtSecret: string | null; seed?: string | null },
): Promise<string> {
  if (given.jwtSecret !== null) return given.jwtSecret;
  await db
    .insert(instanceSecrets)
    .values({ id: jwtSecretId, value: given.seed ?? randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.id, jwtSecretId));
  return row!.value;
}
