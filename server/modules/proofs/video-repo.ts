import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { proofs } from '../../db/schema';

/** Proof videos' hashes and fingerprints. SQL of the proofs module. */

/** An earlier proof with exactly these video bytes, with when it was sent. */
export async function findBySha256(db: Db, sha256: string) {
  const [row] = await db
    .select({ id: proofs.id, createdAt: proofs.createdAt })
    .from(proofs)
    .where(eq(proofs.videoSha256, sha256))
    .limit(1);
  return row;
}

export async function videoOf(db: Db, proofId: number) {
  const [row] = await db
    .select({ videoMediaId: proofs.videoMediaId, fingerprint: proofs.fingerprint })
    .from(proofs)
    .where(eq(proofs.id, proofId));
  return row;
}

/** Earlier fingerprinted proofs sharing a band key with `bands` (the GIN index finds them), oldest first,
 * each with the original it was found to copy, if any. */
export async function lookalikeCandidates(db: Db, proofId: number, bands: number[]) {
  if (bands.length === 0) return [];
  const keys = sql.join(
    bands.map((b) => sql`${b}`),
    sql`, `,
  );
  const rows = await db
    .select({
      id: proofs.id,
      fingerprint: proofs.fingerprint,
      nearDuplicateOfId: proofs.nearDuplicateOfId,
    })
    .from(proofs)
    .where(
      and(
        lt(proofs.id, proofId),
        isNotNull(proofs.fingerprint),
        sql`${proofs.fingerprintBands} && array[${keys}]::integer[]`,
      ),
    )
    .orderBy(asc(proofs.id))
    .limit(200);
  return rows as Array<{ id: number; fingerprint: string; nearDuplicateOfId: number | null }>;
}

export async function saveFingerprint(
  db: Db,
  proofId: number,
  fingerprint: string,
  bands: number[],
  nearDuplicateOfId: number | null,
) {
  await db
    .update(proofs)
    .set({ fingerprint, fingerprintBands: bands, nearDuplicateOfId })
    .where(eq(proofs.id, proofId));
}
