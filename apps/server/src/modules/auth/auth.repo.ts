import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, pendingRegistrations } from '../../db/schema/auth.ts';

// ---- pending registrations ------------------------------------------------------------------

export async function replacePendingRegistration(
  db: DbOrTx,
  values: {
    id: string;
    login: string;
    email: string;
    passwordHash: string;
    codeHash: string;
    expiresAt: Date;
  },
) {
  await db.transaction(async (tx) => {
    // One pending registration per e-mail: asking again replaces the old code. Expired rows go too.
    await tx
      .delete(pendingRegistrations)
      .where(
        sql`lower(${pendingRegistrations.email}) = ${values.email.toLowerCase()} or ${pendingRegistrations.expiresAt} < now()`,
      );
    await tx.insert(pendingRegistrations).values(values);
  });
}

export async function findPendingRegistration(db: DbOrTx, login: string, email: string) {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        sql`lower(${pendingRegistrations.email}) = ${email.toLowerCase()}`,
        sql`lower(${pendingRegistrations.login}) = ${login.toLowerCase()}`,
        gt(pendingRegistrations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(pendingRegistrations.createdAt))
    .limit(1);
  return row;
}

export async function countPendingAttempt(db: DbOrTx, id: string) {
  await db
    .update(pendingRegistrations)
    .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
    .where(eq(pendingRegistrations.id, id));
}

/** Deletes the pending row; false when another request already used it (single use). */
export async function consumePendingRegistration(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(pendingRegistrations)
    .where(eq(pendingRegistrations.id, id))
    .returning({ id: pendingRegistrations.id });
  return rows.length === 1;
}

// ---- password resets ------------------------------------------------------------------------

export async function replacePasswordReset(
  db: DbOrTx,
  values: { userId: string; codeHash: string; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, values.userId));
    await tx.insert(passwordResets).values(values);
  });
}

const liveCode = () => and(isNull(passwordResets.codeUsedAt), gt(passwordResets.expiresAt, sql`now()`));

export async function findLiveResetForUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), liveCode()))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return row;
}

export async function countResetAttempt(db: DbOrTx, id: string) {
  await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(eq(passwordResets.id, id));
}

/**
 * Trades a live code (fewer than `maxAttempts` wrong tries) for a token in one UPDATE, so a
 * code can be used once even by two requests at the same moment.
 */
export async function redeemResetCode(
  db: DbOrTx,
  where: { codeHash: string; maxAttempts: number; id?: string },
  token: { tokenHash: string; tokenExpiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ codeUsedAt: sql`now()`, ...token })
    .where(
      and(
        eq(passwordResets.codeHash, where.codeHash),
        liveCode(),
        lt(passwordResets.attempts, where.maxAttempts),
        where.id ? eq(passwordResets.id, where.id) : undefined,
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/** Marks the token used and answers its user, or nothing when it is unknown, used or expired. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ tokenUsedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.tokenUsedAt),
        gt(passwordResets.tokenExpiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}
