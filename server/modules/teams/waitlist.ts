import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WaitlistResponse } from '../../../shared/api/teams';
import {
  type ConfirmWaitlistResponse,
  WAITLIST_CONFIRM_HOURS,
  type WaitlistAdminList,
} from '../../../shared/api/waitlist';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { csvLine } from '../../platform/csv';
import { normalizeMailbox, queueMail } from '../../platform/email';
import { AppError, notFound } from '../../platform/errors';
import { mayModerate } from '../safety/policy';
import type { SessionUser } from '../session/guard';
import { serverSecretOf } from '../session/server-secret';
import { requireVerifiedEmail } from '../session/verified-email';
import * as repo from './waitlist-repo';

/**
 * The Pro Creator waitlist (docs/TEAMS.md "Pro Creator waitlist"): joining mails a confirmation link (one use,
 * 48 hours, stored as its SHA-256); only confirmed addresses count, are listed to admins and get the one launch
 * mail; every mail carries a "leave the list" link, keyed on the entry's id with the server's secret.
 */

const CONFIRM_MS = WAITLIST_CONFIRM_HOURS * 3600_000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const leaveMac = (ctx: AppContext, id: number) =>
  createHmac('sha256', serverSecretOf(ctx)).update(`waitlist-leave:${id}`).digest('base64url');

export const WAITLIST_TEXTS = {
  unknown: 'This link is not valid. It may have been copied wrong, or the address has left the list.',
  used: 'This link was already used: your place on the list is confirmed.',
  expired: `This link has expired (links work for ${WAITLIST_CONFIRM_HOURS} hours). Join the waitlist again for a new one.`,
  leaveUnknown: 'This link is not valid. It may have been copied wrong.',
} as const;

const links = (ctx: AppContext, entryId: number) => ({
  leaveLink: `${ctx.config.publicUrl}/waitlist/leave?token=${entryId}.${leaveMac(ctx, entryId)}`,
});

/**
 * Join Waitlist: stores the mailbox (normalised, once) and mails the address as written a confirmation link. Joining
 * again before confirming mails a fresh link (the old one stops working); once confirmed, joining changes nothing.
 */
export async function joinWaitlist(
  ctx: AppContext,
  me: SessionUser,
  email: string,
): Promise<WaitlistResponse> {
  requireVerifiedEmail(me);
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const entry = await repo.upsertUnconfirmed(tx, {
      email: normalizeMailbox(email),
      address: email.trim(),
      userId: me.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + CONFIRM_MS),
    });
    if (!entry) return; // already confirmed
    await queueMail(tx, email.trim(), 'waitlistConfirm', {
      link: `${ctx.config.publicUrl}/waitlist/confirm?token=${token}`,
      hours: WAITLIST_CONFIRM_HOURS,
      ...links(ctx, entry.id),
    });
  });
  return waitlistStatus(ctx, me, email);
}

/** How many confirmed addresses are on the list, and whether the caller (account, or `email`) is on it. */
export async function waitlistStatus(
  ctx: AppContext,
  me: SessionUser,
  email = me.email,
): Promise<WaitlistResponse> {
  const [entry, count] = await Promise.all([
    repo.entryOf(ctx.db, me.id, normalizeMailbox(email)),
    repo.confirmedCount(ctx.db),
  ]);
  return { joined: entry !== null, confirmed: entry?.confirmedAt != null, count };
}

/** The mailed link: once, before it expires. A refused link changes nothing. */
export async function confirmWaitlist(ctx: AppContext, token: string): Promise<ConfirmWaitlistResponse> {
  const email = await ctx.db.transaction(async (tx) => {
    const entry = await repo.findByTokenHash(tx, sha256(token));
    if (!entry) throw new AppError(404, WAITLIST_TEXTS.unknown, 'waitlist_link_unknown');
    if (entry.confirmedAt) throw new AppError(409, WAITLIST_TEXTS.used, 'waitlist_link_used');
    if (!entry.confirmExpiresAt || entry.confirmExpiresAt.getTime() <= Date.now())
      throw new AppError(410, WAITLIST_TEXTS.expired, 'waitlist_link_expired');
    await repo.markConfirmed(tx, entry.id, new Date());
    return entry.address ?? entry.email;
  });
  return { email, count: await repo.confirmedCount(ctx.db) };
}

/** The "leave the list" link: removes the entry (and its token); using it again answers `removed: false`. */
export async function leaveWaitlist(ctx: AppContext, token: string): Promise<{ removed: boolean }> {
  const [idText, mac] = token.split('.') as [string, string];
  const id = Number(idText);
  const expected = Buffer.from(leaveMac(ctx, id));
  const given = Buffer.from(mac);
  if (!Number.isSafeInteger(id) || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw notFound(WAITLIST_TEXTS.leaveUnknown);
  return { removed: await repo.deleteEntry(ctx.db, id) };
}

/** Admins only; for anyone else the admin routes do not exist (404), as the moderation queue. */
function requireAdmin(me: SessionUser) {
  if (!mayModerate(me)) throw notFound('Not found');
}

export async function adminWaitlist(ctx: AppContext, me: SessionUser): Promise<WaitlistAdminList> {
  requireAdmin(me);
  const [rows, unconfirmed] = await Promise.all([
    repo.confirmedEntries(ctx.db),
    repo.unconfirmedCount(ctx.db),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      email: r.email,
      joinedAt: r.joinedAt.toISOString(),
      confirmedAt: new Date(r.confirmedAt).toISOString(),
      launchMailedAt: r.launchMailedAt?.toISOString() ?? null,
    })),
    unconfirmed,
  };
}

/** The same confirmed entries as CSV (platform/csv.ts escapes formula-looking cells). */
export async function adminWaitlistCsv(ctx: AppContext, me: SessionUser) {
  const { entries } = await adminWaitlist(ctx, me);
  let body = csvLine(['Email', 'Joined', 'Confirmed at']);
  for (const e of entries) body += csvLine([e.email, e.joinedAt, e.confirmedAt]);
  return { filename: 'sweatpact-pro-creator-waitlist.csv', body };
}

/**
 * "Pro Creator is live": queued for every confirmed entry not mailed yet, each recorded in the same transaction,
 * so an entry gets it once however often (or however many admins) press.
 */
export async function sendLaunchMail(ctx: AppContext, me: SessionUser): Promise<{ mailed: number }> {
  requireAdmin(me);
  return ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimLaunchMail(tx, new Date());
    for (const entry of claimed) {
      await queueMail(tx, entry.to, 'waitlistLaunched', {
        appLink: `${ctx.config.publicUrl}/teams`,
        ...links(ctx, entry.id),
      });
    }
    return { mailed: claimed.length };
  });
}

/** Erasure of an account (privacy module), inside its transaction: the Pro Creator waitlist forgets it. */
export function eraseWaitlistOf(tx: Db, userId: string, email: string) {
  return repo.deleteWaitlistOf(tx, userId, normalizeMailbox(email));
}
