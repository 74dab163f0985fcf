import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { resolveReportResponse } from '../../../shared/api/safety';
import type { Db } from '../../db/client';
import { pacts, reports, users } from '../../db/schema';
import { userNames, userSummary } from '../users/summary';

/** The admin moderation queue: open reports with what they point at, and the actions taken on them. */

const reporter = alias(users, 'reporter');
const creator = alias(users, 'pact_creator');
const reported = alias(users, 'reported');

const person = (u: typeof creator | typeof reported) => ({ ...userNames(u), bannedAt: u.bannedAt });

/** Open reports, oldest first (a queue), after report id `afterId`. Reads `limit + 1` to tell if more follow. */
export async function openReports(db: Db, afterId: number | null, limit: number) {
  const conditions = [eq(reports.status, 'open')];
  if (afterId != null) conditions.push(gt(reports.id, afterId));
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      createdAt: reports.createdAt,
      pactId: reports.pactId,
      reportedUserId: reports.reportedUserId,
      reporter: userSummary(reporter),
      pact: {
        id: pacts.id,
        title: pacts.title,
        description: pacts.description,
        visibility: pacts.visibility,
        isHidden: pacts.isHidden,
      },
      creator: person(creator),
      user: { ...person(reported), bio: reported.bio },
      reportCount: sql<number>`(select count(*)::int from reports same where same.status = 'open'
        and (same.pact_id = ${reports.pactId} or same.reported_user_id = ${reports.reportedUserId}))`,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(pacts, eq(pacts.id, reports.pactId))
    .leftJoin(creator, eq(creator.id, pacts.creatorId))
    .leftJoin(reported, eq(reported.id, reports.reportedUserId))
    .where(and(...conditions))
    .orderBy(asc(reports.id))
    .limit(limit + 1);
}

export async function findReport(db: Db, id: number) {
  const [row] = await db
    .select({
      id: reports.id,
      status: reports.status,
      pactId: reports.pactId,
      reportedUserId: reports.reportedUserId,
      pactCreatorId: pacts.creatorId,
    })
    .from(reports)
    .leftJoin(pacts, eq(pacts.id, reports.pactId))
    .where(eq(reports.id, id));
  return row;
}

/** Closes open reports matching `about` with `status`; answers how many. */
export async function closeReports(
  db: Db,
  status: z.infer<typeof resolveReportResponse>['status'],
  about: { reportId?: number; pactId?: number; userId?: string },
) {
  const targets = [];
  if (about.reportId != null) targets.push(eq(reports.id, about.reportId));
  if (about.pactId != null) targets.push(eq(reports.pactId, about.pactId));
  if (about.userId != null) {
    targets.push(eq(reports.reportedUserId, about.userId));
    targets.push(
      inArray(
        reports.pactId,
        db.select({ id: pacts.id }).from(pacts).where(eq(pacts.creatorId, about.userId)),
      ),
    );
  }
  const rows = await db
    .update(reports)
    .set({ status })
    .where(and(eq(reports.status, 'open'), or(...targets)))
    .returning({ id: reports.id });
  return rows.length;
}

/** Files a report unless this reporter already reported the same Pact or user; true when filed. */
export async function insertReport(
  db: Db,
  report: { reporterId: string; reason: string } & ({ pactId: number } | { reportedUserId: string }),
) {
  const rows = await db.insert(reports).values(report).onConflictDoNothing().returning({ id: reports.id });
  return rows.length > 0;
}
