import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsResponse } from '../../../shared/api/earnings';
import { DAY_MS } from '../../../shared/domain/limits';
import { users } from '../../db/schema';
import { Amount, csvCell } from '../../platform/csv';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { coachTotals, recordCharge, recordRefund } from '../billing/service';
import { advanceBillingClock } from '../memberships/subscriptions';
import { call, createProPactVia } from '../pacts/testing';

/**
 * A coach's earnings (docs/EARNINGS.md): the charge a renewal makes on the billing clock appears in the list,
 * every figure is the ledger's to the cent (summed as rows, months, teams and in SQL), the CSV carries the same
 * rows with formula-looking cells escaped, and nobody but the coach sees a team's earnings.
 */

let t: TestApp;
let coach: SignedIn;
let member: SignedIn;
let hacker: SignedIn;
let stranger: SignedIn;
let teamId: number;
let otherTeamId: number;

const earningsOf = async (who: SignedIn, query = '') => {
  const res = await call(t.app, who, 'GET', `/api/coaching/earnings${query}`);
  return res as { status: number; body: EarningsResponse };
};
const csvOf = (who: SignedIn, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/coaching/earnings.csv${query}`, headers: who.headers });

/** Splits CSV text into rows of cells (RFC 4180 quotes). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
  coach = await signUp(t.app, { firstName: 'Casey' });
  member = await signUp(t.app, { firstName: 'Mia' });
  hacker = await signUp(t.app, { firstName: '=HYPERLINK("http://evil.example","x")' });
  stranger = await signUp(t.app, { firstName: 'Sam' });
  teamId = (await createProPactVia(t.app, coach, 'Squad')).teamId!;
  otherTeamId = (await createProPactVia(t.app, coach, '+Second team', { title: 'Other' })).teamId!;
});
afterAll(() => t?.close());

describe('earnings', () => {
  it('shows the charge of a trial that turned paid on the billing clock, split 15/85', async () => {
    expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
    const before = await earningsOf(coach);
    expect(before.status).toBe(200);
    expect(before.body.rows).toEqual([]);
    expect(before.body.mode).toBe('test');
    expect(before.body.payouts).toBeNull();
    await advanceBillingClock(t.app.ctx, 7 * DAY_MS + 60_000);
    const after = await earningsOf(coach);
    expect(after.body.rows).toHaveLength(1);
    expect(after.body.rows[0]).toMatchObject({
      kind: 'charge',
      teamId,
      teamName: 'Squad',
      member: 'Mia',
      grossCents: 2900,
      platformFeeCents: 435,
      coachNetCents: 2465,
    });
    expect(after.body.totals).toEqual({
      grossCents: 2900,
      platformFeeCents: 435,
      coachNetCents: 2465,
      charges: 1,
      refunds: 0,
    });
  });

  it('is the ledger to the cent, summed as rows, months, teams and in SQL, refunds and erased members included', async () => {
    const db = t.app.ctx.db;
    const now = new Date();
    const base = { subscriptionId: null, coachId: coach.user.id };
    const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await recordCharge(db, {
      ...base,
      providerRef: 'e1',
      grossCents: 1999,
      teamId,
      userId: hacker.user.id,
      at: prev,
    });
    await recordCharge(db, {
      ...base,
      providerRef: 'e2',
      grossCents: 10,
      teamId: otherTeamId,
      userId: stranger.user.id,
      at: now,
    });
    await recordCharge(db, {
      ...base,
      providerRef: 'e3',
      grossCents: 4999,
      teamId,
      userId: stranger.user.id,
      at: now,
    });
    await recordRefund(db, { providerRef: 'e3r1', chargeRef: 'e3', amountCents: 1001, at: now });
    await recordRefund(db, { providerRef: 'e3r2', chargeRef: 'e3', amountCents: 3998, at: now });
    // The stranger erases their account: their rows stay, without a name.
    await db.delete(users).where(eq(users.id, stranger.user.id));

    const { body } = await earningsOf(coach);
    const ledger = await coachTotals(t.app.ctx, coach.user.id);
    expect(body.totals).toEqual(ledger);
    const sum = (list: { grossCents: number; platformFeeCents: number; coachNetCents: number }[]) => ({
      grossCents: list.reduce((s, r) => s + r.grossCents, 0),
      platformFeeCents: list.reduce((s, r) => s + r.platformFeeCents, 0),
      coachNetCents: list.reduce((s, r) => s + r.coachNetCents, 0),
    });
    const money = {
      grossCents: ledger.grossCents,
      platformFeeCents: ledger.platformFeeCents,
      coachNetCents: ledger.coachNetCents,
    };
    expect(sum(body.rows)).toEqual(money);
    expect(sum(body.months)).toEqual(money);
    expect(sum(body.teams)).toEqual(money);
    expect(body.rowsTotal).toBe(body.rows.length);
    // Months are UTC calendar months of the rows (the renewal's billing clock may be in the next one).
    const monthsOfRows = [...new Set(body.rows.map((r) => r.at.slice(0, 7)))].sort().reverse();
    expect(body.months.map((m) => m.month)).toEqual(monthsOfRows);
    expect(body.months.find((m) => m.month === prev.toISOString().slice(0, 7))).toMatchObject({
      grossCents: 1999,
      charges: 1,
      refunds: 0,
    });
    // The fully refunded charge nets to zero in every column.
    const e3 = body.rows.filter((r) => r.member === null && r.teamId === teamId);
    expect(e3).toHaveLength(3);
    expect(sum(e3)).toEqual({ grossCents: 0, platformFeeCents: 0, coachNetCents: 0 });
    expect(e3.filter((r) => r.kind === 'refund')).toHaveLength(2);
    // One team at a time.
    const one = await earningsOf(coach, `?teamId=${otherTeamId}`);
    expect(one.body.rows.map((r) => r.grossCents)).toEqual([10]);
    expect(one.body.totals).toMatchObject({ grossCents: 10, platformFeeCents: 2, coachNetCents: 8 });
    expect(one.body.teams).toEqual([
      {
        teamId: otherTeamId,
        name: '+Second team',
        grossCents: 10,
        platformFeeCents: 2,
        coachNetCents: 8,
        charges: 1,
        refunds: 0,
      },
    ]);
  });

  it('downloads the same rows as CSV, with formula-looking cells escaped', async () => {
    const res = await csvOf(coach);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sweatpact-earnings\.csv"/);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['date', 'team', 'member', 'type', 'gross', 'platform_fee', 'net', 'currency']);
    const { body } = await earningsOf(coach);
    expect(lines).toHaveLength(body.rows.length);
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (const [i, line] of lines.entries()) {
      const row = body.rows[i]!;
      expect(line[0]).toBe(row.at);
      expect(cents(line[4]!)).toBe(row.grossCents);
      expect(cents(line[5]!)).toBe(row.platformFeeCents);
      expect(cents(line[6]!)).toBe(row.coachNetCents);
    }
    expect(lines.reduce((s, l) => s + cents(l[6]!), 0)).toBe(body.totals.coachNetCents);
    const hackerLine = lines.find((l) => l[4] === '19.99')!;
    expect(hackerLine[2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(lines.find((l) => l[4] === '0.10')![1]).toBe(`'+Second team`);
    expect(lines.filter((l) => l[2] === 'Former member')).toHaveLength(4);
    expect(lines.some((l) => l[3] === 'refund' && l[4] === '-10.01')).toBe(true);
  });

  it('escapes every cell that starts with = + - @ (and tab, CR), and leaves amounts as numbers', () => {
    for (const bad of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(bad).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('Mia')).toBe('Mia');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(new Amount(-435))).toBe('-4.35');
    expect(csvCell(new Amount(5))).toBe('0.05');
    expect(csvCell(null)).toBe('');
  });

  it("is the coach's alone: another user's teamId is 404, their own view holds nothing of the coach's", async () => {
    for (const who of [member, hacker]) {
      expect((await earningsOf(who, `?teamId=${teamId}`)).status).toBe(404);
      expect((await csvOf(who, `?teamId=${teamId}`)).statusCode).toBe(404);
      const own = await earningsOf(who);
      expect(own.status).toBe(200);
      expect(own.body.rows).toEqual([]);
      expect(own.body.totals.grossCents).toBe(0);
    }
    expect((await earningsOf(coach, '?teamId=2147483647')).status).toBe(404);
    expect((await earningsOf(coach, '?teamId=abc')).status).toBe(400);
    expect((await earningsOf(coach, '?other=1')).status).toBe(400);
  });
});
