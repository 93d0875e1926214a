import { and, asc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { ApprovalAnswer, ApprovalEnd } from '@ponte/engine/ports';
import type { Database } from '../../db/client';
import { approvalWaitLinks, approvalWaits } from '../../db/schema';

export type ApprovalWaitRow = typeof approvalWaits.$inferSelect;
export type ApprovalWaitLinkRow = typeof approvalWaitLinks.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The answers given so far, in the approvers' order. */
const answersOf = (links: ApprovalWaitLinkRow[]): ApprovalAnswer[] =>
  links
    .filter((link) => link.status === 'approved' || link.status === 'rejected')
    .sort((a, b) => a.decidedAt!.getTime() - b.decidedAt!.getTime())
    .map((link) => ({
      approver: link.approver,
      decision: link.status as ApprovalAnswer['decision'],
      comment: link.comment,
      fields: link.fields ?? {},
      decided_at: link.decidedAt!.toISOString(),
    }));

/** One answer to record: the link's, and whether it decides the request. */
export interface Answer {
  linkId: string;
  decision: 'approved' | 'rejected';
  comment: string | null;
  fields: Record<string, unknown>;
  at: Date;
}

/** What recording an answer did: refused, recorded, or recorded and deciding the request. */
export type Recorded =
  | { kind: 'refused'; why: 'used' | 'decided' | 'expired' }
  | { kind: 'recorded'; request: ApprovalWaitRow; links: ApprovalWaitLinkRow[] }
  | {
      kind: 'decided';
      request: ApprovalWaitRow;
      links: ApprovalWaitLinkRow[];
      answers: ApprovalAnswer[];
    };

const linksOf = (tx: Database | Transaction, requestId: string) =>
  tx
    .select()
    .from(approvalWaitLinks)
    .where(eq(approvalWaitLinks.requestId, requestId))
    .orderBy(asc(approvalWaitLinks.position));

/** The decision an answer makes: a rejection at once, an approval when enough are in. */
function decisionOf(request: ApprovalWaitRow, links: ApprovalWaitLinkRow[]) {
  if (links.some((link) => link.status === 'rejected')) return 'rejected' as const;
  const approved = links.filter((link) => link.status === 'approved').length;
  const needed = request.mode === 'all' ? links.length : 1;
  return approved >= needed ? ('approved' as const) : null;
}

/**
 * Records one approver's answer, the request locked: a used link, a decided or expired
 * request refuse it. An answer that decides closes the request and voids the links left.
 */
export async function recordAnswer(db: Database, answer: Answer): Promise<Recorded> {
  return db.transaction(async (tx): Promise<Recorded> => {
    const [link] = await tx
      .select()
      .from(approvalWaitLinks)
      .where(eq(approvalWaitLinks.id, answer.linkId));
    const [request] = await tx
      .select()
      .from(approvalWaits)
      .where(eq(approvalWaits.id, link!.requestId))
      .for('update');
    if (request!.status === 'expired' || request!.expiresAt <= answer.at)
      return { kind: 'refused', why: 'expired' };
    if (request!.status !== 'pending') return { kind: 'refused', why: 'decided' };
    const [taken] = await tx
      .update(approvalWaitLinks)
      .set({
        status: answer.decision,
        comment: answer.comment,
        fields: answer.fields,
        decidedAt: answer.at,
      })
      .where(and(eq(approvalWaitLinks.id, link!.id), eq(approvalWaitLinks.status, 'pending')))
      .returning({ id: approvalWaitLinks.id });
    if (!taken) return { kind: 'refused', why: 'used' };
    const links = await linksOf(tx, request!.id);
    const decision = decisionOf(request!, links);
    if (!decision) return { kind: 'recorded', request: request!, links };
    const [closed] = await tx
      .update(approvalWaits)
      .set({ status: decision, decidedAt: answer.at })
      .where(eq(approvalWaits.id, request!.id))
      .returning();
    await tx
      .update(approvalWaitLinks)
      .set({ status: 'void' })
      .where(
        and(eq(approvalWaitLinks.requestId, request!.id), eq(approvalWaitLinks.status, 'pending')),
      );
    return { kind: 'decided', request: closed!, links, answers: answersOf(links) };
  });
}

/**
 * The time ran out (or the execution ended): a pending request of the workspace expires,
 * its links left are void. A request decided whose decision did not resume the execution
 * yet gives its decision instead, once. Null when there is nothing left to give.
 */
export async function expireRequest(
  db: Database,
  workspaceId: string,
  id: string,
  at: Date,
): Promise<ApprovalEnd | null> {
  return db.transaction(async (tx) => {
    const mine = and(eq(approvalWaits.id, id), eq(approvalWaits.workspaceId, workspaceId));
    const [expired] = await tx
      .update(approvalWaits)
      .set({ status: 'expired', decidedAt: at, input: null, flowData: null })
      .where(and(mine, eq(approvalWaits.status, 'pending')))
      .returning({ id: approvalWaits.id });
    if (expired) {
      await tx
        .update(approvalWaitLinks)
        .set({ status: 'void' })
        .where(and(eq(approvalWaitLinks.requestId, id), eq(approvalWaitLinks.status, 'pending')));
      return { decision: 'expired' as const, answers: answersOf(await linksOf(tx, id)) };
    }
    const [decided] = await tx
      .update(approvalWaits)
      .set({ input: null, flowData: null })
      .where(
        and(
          mine,
          inArray(approvalWaits.status, ['approved', 'rejected']),
          isNotNull(approvalWaits.input),
        ),
      )
      .returning({ status: approvalWaits.status });
    if (!decided) return null;
    const decision = decided.status as 'approved' | 'rejected';
    return { decision, answers: answersOf(await linksOf(tx, id)) };
  });
}

/** The requests of 'Aguardar aprovação' nodes and their approvers' links (docs/adr/0115). */
export function createApprovalWaitsRepository(db: Database) {
  return {
    async insert(
      request: typeof approvalWaits.$inferInsert,
      links: (typeof approvalWaitLinks.$inferInsert)[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(approvalWaits).values(request);
        await tx.insert(approvalWaitLinks).values(links);
      });
    },

    /** The link and its request, with every link of the request. */
    async findLink(linkId: string) {
      const [link] = await db
        .select()
        .from(approvalWaitLinks)
        .where(eq(approvalWaitLinks.id, linkId));
      if (!link) return null;
      const [request] = await db
        .select()
        .from(approvalWaits)
        .where(eq(approvalWaits.id, link.requestId));
      return request ? { link, request, links: await linksOf(db, request.id) } : null;
    },

    /** Records one approver's answer (recordAnswer). */
    record: (answer: Answer) => recordAnswer(db, answer),

    /**
     * The execution was not waiting when the deciding answer came: the request and the links
     * it voided are pending again, and that answer is undone, for the person to send again.
     * Only while the decision is still unused (the node's expiry may have taken it): false then.
     */
    async giveBack(requestId: string, linkId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [undone] = await tx
          .update(approvalWaits)
          .set({ status: 'pending', decidedAt: null })
          .where(
            and(
              eq(approvalWaits.id, requestId),
              inArray(approvalWaits.status, ['approved', 'rejected']),
              isNotNull(approvalWaits.input),
            ),
          )
          .returning({ id: approvalWaits.id });
        if (!undone) return false;
        const reopened = {
          status: 'pending' as const,
          comment: null,
          fields: null,
          decidedAt: null,
        };
        await tx
          .update(approvalWaitLinks)
          .set(reopened)
          .where(
            and(eq(approvalWaitLinks.requestId, requestId), eq(approvalWaitLinks.status, 'void')),
          );
        await tx.update(approvalWaitLinks).set(reopened).where(eq(approvalWaitLinks.id, linkId));
        return true;
      });
    },

    /** The execution resumed: what it resumed with goes (it holds the run's data). */
    async forget(requestId: string): Promise<void> {
      await db
        .update(approvalWaits)
        .set({ input: null, flowData: null })
        .where(eq(approvalWaits.id, requestId));
    },

    /** The time ran out, or the execution ended (expireRequest). */
    expire: (workspaceId: string, id: string, at: Date) => expireRequest(db, workspaceId, id, at),

    /** The pending requests of these executions of the workspace, with their links. */
    async pendingOf(workspaceId: string, executionIds: string[]) {
      if (!executionIds.length) return [];
      const rows = await db
        .select({ request: approvalWaits, link: approvalWaitLinks })
        .from(approvalWaits)
        .innerJoin(approvalWaitLinks, eq(approvalWaitLinks.requestId, approvalWaits.id))
        .where(
          and(
            eq(approvalWaits.workspaceId, workspaceId),
            inArray(approvalWaits.executionId, executionIds),
            eq(approvalWaits.status, 'pending'),
            gt(approvalWaits.expiresAt, sql`now()`),
            ne(approvalWaitLinks.status, 'void'),
          ),
        )
        .orderBy(asc(approvalWaits.requestedAt), asc(approvalWaitLinks.position));
      return rows;
    },
  };
}

export type ApprovalWaitsRepository = ReturnType<typeof createApprovalWaitsRepository>;
