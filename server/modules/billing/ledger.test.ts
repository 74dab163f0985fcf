import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { refundSplit, splitGross, totalsOf } from './ledger';
import { rowsOfCoach } from './repo';
import { coachTotals, coachTotalsFromRows, recordCharge, recordRefund } from './service';

/**
 * The ledger reconciles to the cent: every row's fee + net is its gross, a full refund is the exact negative of
 * its charge, and a coach's payout (summed in SQL) equals the sums of the rows, for any sequence of charges and
 * refunds, including replays of the same provider reference.
 */

describe('the rounding rule', () => {
  it('refunds in parts of any size give back exactly the charge, fee and net included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (gross, cuts) => {
          const points = [...new Set(cuts.map((c) => c % gross))].filter((c) => c > 0).sort((a, b) => a - b);
          let already = 0;
          let fee = 0;
          let net = 0;
          for (const point of [...points, gross]) {
            const part = refundSplit(already, point - already);
            expect(part.platformFeeCents + part.coachNetCents).toBe(part.grossCents);
            fee += part.platformFeeCents;
            net += part.coachNetCents;
            already = point;
          }
          const charge = splitGross(gross);
          expect(fee + charge.platformFeeCents).toBe(0);
          expect(net + charge.coachNetCents).toBe(0);
        },
      ),
    );
  });

  it('fee = 15% rounded half away from zero, net = gross - fee, refunds mirror charges', () => {
    expect(splitGross(2900)).toEqual({ platformFeeCents: 435, coachNetCents: 2465 });
    expect(splitGross(10)).toEqual({ platformFeeCents: 2, coachNetCents: 8 }); // 1.5 -> 2
    expect(splitGross(-10)).toEqual({ platformFeeCents: -2, coachNetCents: -8 });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (gross) => {
        const { platformFeeCents, coachNetCents } = splitGross(gross);
        expect(platformFeeCents + coachNetCents).toBe(gross);
        expect(splitGross(-gross).platformFeeCents).toBe(0 - platformFeeCents);
        // Within half a cent of 15%.
        expect(Math.abs(platformFeeCents * 100 - gross * 15)).toBeLessThanOrEqual(50);
      }),
    );
  });
});

let t: TestApp;
let coach: SignedIn;
let payer: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  [coach, payer] = await Promise.all([signUp(t.app), signUp(t.app)]);
});
afterAll(() => t?.close());

type Step = { kind: 'charge'; cents: number; replay: boolean } | { kind: 'refund'; of: number; part: number };

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('charge' as const),
      cents: fc.integer({ min: 1, max: 99_999 }),
      replay: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('refund' as const),
      of: fc.nat(),
      part: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
  ),
  { minLength: 1, maxLength: 25 },
);

describe('any sequence of charges and refunds', () => {
  let run = 0;
  it('reconciles to the cent, and replays write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence: Step[]) => {
        run += 1;
        const db = t.database.db;
        const charged: Array<{ ref: string; cents: number; left: number }> = [];
        let expectedGross = 0;
        let n = 0;
        for (const step of sequence) {
          n += 1;
          const at = new Date();
          if (step.kind === 'charge') {
            const ref = `prop_${run}_${n}`;
            const input = {
              providerRef: ref,
              grossCents: step.cents,
              subscriptionId: null,
              teamId: null,
              userId: payer.user.id,
              coachId: coach.user.id,
              at,
            };
            expect(await recordCharge(db, input)).toBe(true);
            if (step.replay) expect(await recordCharge(db, input)).toBe(false);
            charged.push({ ref, cents: step.cents, left: step.cents });
            expectedGross += step.cents;
          } else if (charged.length > 0) {
            const target = charged[step.of % charged.length]!;
            const amount = Math.min(target.left, Math.max(1, Math.floor(target.cents * step.part)));
            if (target.left === 0) {
              await expect(
                recordRefund(db, {
                  providerRef: `prop_${run}_${n}_r`,
                  chargeRef: target.ref,
                  amountCents: 1,
                  at,
                }),
              ).rejects.toThrow();
              continue;
            }
            expect(
              await recordRefund(db, {
                providerRef: `prop_${run}_${n}_r`,
                chargeRef: target.ref,
                amountCents: amount,
                at,
              }),
            ).toBe(true);
            target.left -= amount;
            expectedGross -= amount;
          }
        }
        const fromSql = await coachTotals(t.app.ctx, coach.user.id);
        const fromRows = await coachTotalsFromRows(t.app.ctx, coach.user.id);
        expect(fromSql).toEqual(fromRows);
        expect(fromSql.platformFeeCents + fromSql.coachNetCents).toBe(fromSql.grossCents);
        // Per run: the rows of this run sum to what was charged less what was refunded.
        const mine = (await rowsOfCoach(db, coach.user.id)).filter((r) =>
          r.providerRef?.startsWith(`prop_${run}_`),
        );
        const totals = totalsOf(mine);
        expect(totals.grossCents).toBe(expectedGross);
        expect(totals.platformFeeCents + totals.coachNetCents).toBe(expectedGross);
        // A fully refunded charge nets to zero in every column.
        for (const c of charged.filter((x) => x.left === 0)) {
          const rows = mine.filter((r) => r.providerRef === c.ref || r.refundOf === c.ref);
          expect(totalsOf(rows)).toMatchObject({ grossCents: 0, platformFeeCents: 0, coachNetCents: 0 });
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
