import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from './limits';
import {
  type ApprovedProof,
  competitionRanks,
  currentDay,
  isFinished,
  levelForXp,
  pactCompletion,
  rankOf,
  type ScheduleFn,
  summarizeStreak,
  totalXp,
  xpForLevel,
} from './progress';
import {
  addDays,
  daysBetween,
  formatHHMM,
  localDate,
  WEEKDAYS,
  weekdayOf,
  zonedWallClockToInstant,
} from './time';

const BASE = '2025-01-01';
/** The streak rule without freezes (a missed scheduled day always breaks it). */
const PLAIN = { maxFreezes: 0 };
const difficulty = fc.constantFrom('easy', 'medium', 'hard' as const);
const weekdaySet = fc.subarray([...WEEKDAYS], { minLength: 0 });
const proofs = (span: number) =>
  fc.array(
    fc.record({
      recordedDay: fc.integer({ min: 0, max: span }).map((i) => addDays(BASE, i)),
      difficulty,
    }),
    { maxLength: 60 },
  );
const scheduleOf =
  (days: readonly string[]): ScheduleFn =>
  (day) =>
    days.includes(weekdayOf(day));

/** Reference rule, walking back from today: unscheduled days are skipped, today never breaks the streak. */
function referenceStreak(list: readonly ApprovedProof[], isScheduled: ScheduleFn, today: string): number {
  const done = new Set(list.map((p) => p.recordedDay));
  if (done.size === 0) return 0;
  const sorted = [...done].sort();
  const earliest = sorted[0]!;
  const latest = sorted[sorted.length - 1]!;
  let count = 0;
  for (let day = latest > today ? latest : today; day >= earliest; day = addDays(day, -1)) {
    if (!isScheduled(day)) continue;
    if (done.has(day)) count += 1;
    else if (day < today) break;
  }
  return count;
}

describe('streak properties', () => {
  it('matches the backward-walking reference rule', () => {
    fc.assert(
      fc.property(proofs(60), weekdaySet, fc.integer({ min: 0, max: 70 }), (list, days, t) => {
        const today = addDays(BASE, t);
        const schedule = scheduleOf(days);
        expect(summarizeStreak(list, schedule, today, PLAIN).currentStreak).toBe(
          referenceStreak(list, schedule, today),
        );
      }),
    );
  });

  it('counts N for N consecutive scheduled days ending today or yesterday, and points 1+2+..+N', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.boolean(), (n, endsYesterday) => {
        const today = addDays(BASE, 100);
        const last = endsYesterday ? addDays(today, -1) : today;
        const list = Array.from({ length: n }, (_, i) => ({
          recordedDay: addDays(last, -i),
          difficulty: 'easy' as const,
        }));
        const summary = summarizeStreak(list, () => true, today);
        expect(summary.currentStreak).toBe(n);
        expect(summary.longestStreak).toBe(n);
        expect(summary.streakPoints).toBe((n * (n + 1)) / 2);
      }),
    );
  });

  it('is not changed by proofs on unscheduled days', () => {
    fc.assert(
      fc.property(proofs(40), weekdaySet, fc.array(fc.integer({ min: 0, max: 40 })), (list, days, extra) => {
        const schedule = scheduleOf(days);
        const today = addDays(BASE, 40);
        const unscheduled = extra
          .map((i) => addDays(BASE, i))
          .filter((day) => !schedule(day))
          .map((recordedDay) => ({ recordedDay, difficulty: 'easy' as const }));
        const before = summarizeStreak(list, schedule, today);
        const after = summarizeStreak([...list, ...unscheduled], schedule, today);
        expect(after.currentStreak).toBe(before.currentStreak);
        expect(after.longestStreak).toBe(before.longestStreak);
      }),
    );
  });

  it('never grows when a proof is rejected after approval (removed from the input)', () => {
    fc.assert(
      fc.property(proofs(40), weekdaySet, fc.nat(), (list, days, pick) => {
        fc.pre(list.length > 0);
        const schedule = scheduleOf(days);
        const today = addDays(BASE, 40);
        const without = list.filter((_, i) => i !== pick % list.length);
        const before = summarizeStreak(list, schedule, today);
        const after = summarizeStreak(without, schedule, today);
        expect(after.currentStreak).toBeLessThanOrEqual(before.currentStreak);
        expect(after.streakPoints).toBeLessThan(before.streakPoints);
        expect(after).toEqual(summarizeStreak([...without].reverse(), schedule, today));
      }),
    );
  });

  it('keeps the streak bounded by the done scheduled days and points by proofs x longest streak', () => {
    fc.assert(
      fc.property(proofs(60), weekdaySet, (list, days) => {
        const schedule = scheduleOf(days);
        const summary = summarizeStreak(list, schedule, addDays(BASE, 61));
        const doneScheduled = new Set(list.map((p) => p.recordedDay).filter(schedule)).size;
        expect(summary.currentStreak).toBeLessThanOrEqual(summary.longestStreak);
        expect(summary.longestStreak).toBeLessThanOrEqual(doneScheduled);
        expect(summary.streakPoints).toBeGreaterThanOrEqual(list.length);
        expect(summary.streakPoints).toBeLessThanOrEqual(list.length * Math.max(1, summary.longestStreak));
      }),
    );
  });

  it('gives an unbroken streak to a nightly workout in any zone, across DST changes', () => {
    const zones = fc.constantFrom(
      'Europe/Berlin',
      'America/New_York',
      'America/Los_Angeles',
      'Australia/Sydney',
    );
    // Start dates a few days before the 2025 DST changes of those zones.
    const starts = fc.constantFrom(
      '2025-03-06',
      '2025-03-26',
      '2025-10-22',
      '2025-10-30',
      '2025-04-02',
      '2025-10-01',
    );
    const minute = fc.record({
      hours: fc.integer({ min: 0, max: 23 }),
      minutes: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(zones, starts, fc.array(minute, { minLength: 10, maxLength: 10 }), (zone, start, times) => {
        const days = times.map((_, i) => addDays(start, i));
        const list = days.map((day, i) => {
          const instant = zonedWallClockToInstant(day, formatHHMM(times[i]!), zone);
          return { recordedDay: localDate(instant, zone), difficulty: 'medium' as const };
        });
        expect(list.map((p) => p.recordedDay)).toEqual(days);
        expect(summarizeStreak(list, () => true, days[9]!).currentStreak).toBe(10);
      }),
    );
  });
});

describe('streak freeze properties', () => {
  const done = (days: readonly string[]) =>
    days.map((recordedDay) => ({ recordedDay, difficulty: 'easy' as const }));
  const span = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

  it('holds 0 to 2, and uses each earned freeze at most once, on a missed scheduled day before today', () => {
    fc.assert(
      fc.property(proofs(90), weekdaySet, fc.integer({ min: 0, max: 100 }), (list, days, t) => {
        const schedule = scheduleOf(days);
        const today = addDays(BASE, t);
        const summary = summarizeStreak(list, schedule, today);
        const doneSet = new Set(list.map((p) => p.recordedDay));
        expect(summary.streakFreezes).toBeGreaterThanOrEqual(0);
        expect(summary.streakFreezes).toBeLessThanOrEqual(STREAK_FREEZES_MAX);
        expect(new Set(summary.frozenDays).size).toBe(summary.frozenDays.length);
        expect([...summary.frozenDays].sort()).toEqual(summary.frozenDays);
        for (const day of summary.frozenDays) {
          expect(schedule(day)).toBe(true);
          expect(doneSet.has(day)).toBe(false);
          expect(day < today).toBe(true);
        }
        // Each freeze used or held was earned by its own 7 scheduled days done.
        const doneScheduled = [...doneSet].filter(schedule).length;
        expect(summary.frozenDays.length + summary.streakFreezes).toBeLessThanOrEqual(
          Math.floor(doneScheduled / STREAK_FREEZE_EVERY_DAYS),
        );
      }),
    );
  });

  it('earns one per 7 consecutive days done, capped at 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (n) => {
        const today = addDays(BASE, n - 1);
        const summary = summarizeStreak(done(span(BASE, n)), () => true, today);
        expect(summary.streakFreezes).toBe(Math.min(STREAK_FREEZES_MAX, Math.floor(n / 7)));
        expect(summary.frozenDays).toEqual([]);
      }),
    );
  });

  it('keeps the streak over as many missed days as freezes held, and ends it after one more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 10 }),
        (weeks, missed, after) => {
          const before = span(BASE, weeks * 7);
          const gap = span(addDays(BASE, weeks * 7), missed);
          const rest = span(addDays(BASE, weeks * 7 + missed), after);
          const today = rest[rest.length - 1]!;
          // Start the walk with a done day even for zero weeks (the walk starts at the first done day).
          const list = done(weeks === 0 ? rest : [...before, ...rest]);
          const summary = summarizeStreak(list, () => true, today);
          const held = Math.min(STREAK_FREEZES_MAX, weeks);
          if (weeks > 0 && missed <= held) {
            expect(summary.currentStreak).toBe(weeks * 7 + after);
            expect(summary.frozenDays).toEqual(gap);
          } else {
            expect(summary.currentStreak).toBe(after);
            expect(summary.frozenDays).toEqual(weeks > 0 ? gap.slice(0, held) : []);
          }
        },
      ),
    );
  });

  it('never gives a lower streak or fewer points than the plain rule', () => {
    fc.assert(
      fc.property(proofs(90), weekdaySet, fc.integer({ min: 0, max: 100 }), (list, days, t) => {
        const schedule = scheduleOf(days);
        const today = addDays(BASE, t);
        const withFreezes = summarizeStreak(list, schedule, today);
        const plain = summarizeStreak(list, schedule, today, PLAIN);
        expect(withFreezes.currentStreak).toBeGreaterThanOrEqual(plain.currentStreak);
        expect(withFreezes.streakPoints).toBeGreaterThanOrEqual(plain.streakPoints);
        expect(plain.frozenDays).toEqual([]);
      }),
    );
  });

  it('freezes a missed DST day once, in the zone that has it', () => {
    // 2025's clock changes: the day a zone's clocks move, a local day of 23 or 25 hours.
    const changes = fc.constantFrom(
      ['Europe/Berlin', '2025-03-30'],
      ['Europe/Berlin', '2025-10-26'],
      ['America/New_York', '2025-03-09'],
      ['America/New_York', '2025-11-02'],
      ['Australia/Sydney', '2025-04-06'],
      ['Australia/Sydney', '2025-10-05'],
    );
    const minute = fc.record({
      hours: fc.integer({ min: 0, max: 23 }),
      minutes: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(changes, fc.array(minute, { minLength: 14, maxLength: 14 }), ([zone, dstDay], times) => {
        const days = span(addDays(dstDay!, -7), 14);
        // Every day done at a random local time except the DST day itself.
        const list = days.flatMap((day, i) => {
          if (day === dstDay) return [];
          const instant = zonedWallClockToInstant(day, formatHHMM(times[i]!), zone!);
          return [{ recordedDay: localDate(instant, zone!), difficulty: 'easy' as const }];
        });
        const today = days[13]!;
        const summary = summarizeStreak(list, () => true, today);
        expect(summary.frozenDays).toEqual([dstDay]);
        expect(summary.currentStreak).toBe(13);
        expect(summary.streakFreezes).toBe(0);
      }),
    );
  });
});

describe('level properties', () => {
  it('is monotone and inverse to xpForLevel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 1000 }), (xp, more) => {
        const level = levelForXp(xp);
        expect(level).toBeGreaterThanOrEqual(1);
        expect(xpForLevel(level)).toBeLessThanOrEqual(xp);
        expect(xpForLevel(level + 1)).toBeGreaterThan(xp);
        expect(levelForXp(xp + more)).toBeGreaterThanOrEqual(level);
      }),
    );
  });

  it('starts each level exactly at its threshold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (n) => {
        expect(levelForXp(xpForLevel(n))).toBe(n);
        expect(levelForXp(xpForLevel(n) - 1)).toBe(Math.max(1, n - 1));
      }),
    );
  });

  it('gives more XP for more proofs and harder Pacts', () => {
    const list = fc.array(fc.record({ difficulty }), { maxLength: 40 });
    fc.assert(
      fc.property(list, list, (a, pacts) => {
        const xp = totalXp(a, pacts);
        expect(Number.isInteger(xp)).toBe(true);
        expect(totalXp([...a, { difficulty: 'easy' }], pacts)).toBe(xp + 10);
        expect(totalXp(a, [...pacts, { difficulty: 'hard' }])).toBe(xp + 200);
        expect(xp).toBeGreaterThanOrEqual(10 * a.length + 100 * pacts.length);
        expect(xp).toBeLessThanOrEqual(20 * a.length + 200 * pacts.length);
      }),
    );
  });
});

describe('rank properties', () => {
  it('gives rank 1 + the number of greater values, equal values equal ranks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), (values) => {
        const ranks = competitionRanks(values);
        values.forEach((value, i) => {
          expect(ranks[i]).toBe(values.filter((other) => other > value).length + 1);
          expect(ranks[i]).toBe(rankOf(value, values));
          values.forEach((other, j) => {
            if (other === value) expect(ranks[j]).toBe(ranks[i]);
            if (other > value) expect(ranks[j]).toBeLessThan(ranks[i]!);
          });
        });
      }),
    );
  });
});

describe('Pact day properties', () => {
  it('keeps currentDay within 1..totalDays and finishes after the last day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 800 }), fc.integer({ min: 1, max: 365 }), (offset, total) => {
        const today = addDays(BASE, offset);
        const day = currentDay(BASE, today, total);
        expect(day).toBeGreaterThanOrEqual(1);
        expect(day).toBeLessThanOrEqual(total);
        expect(isFinished(BASE, today, total)).toBe(offset >= total);
        if (offset >= 0 && offset < total) expect(day).toBe(offset + 1);
      }),
    );
  });

  it('completes a Pact exactly when at least 80% of its scheduled days are done', () => {
    fc.assert(
      fc.property(
        weekdaySet,
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: -5, max: 70 })),
        (days, total, doneOffsets) => {
          const done = doneOffsets.map((i) => addDays(BASE, i));
          const result = pactCompletion(days, BASE, total, done);
          const inRange = (d: string) => daysBetween(BASE, d) >= 0 && daysBetween(BASE, d) < total;
          const scheduled = Array.from({ length: total }, (_, i) => addDays(BASE, i)).filter((d) =>
            days.includes(weekdayOf(d)),
          );
          const doneScheduled = new Set(done.filter((d) => inRange(d) && days.includes(weekdayOf(d))));
          expect(result.scheduledCount).toBe(scheduled.length);
          expect(result.doneCount).toBe(doneScheduled.size);
          expect(result.completed).toBe(
            scheduled.length > 0 && doneScheduled.size / scheduled.length >= 0.8 - 1e-12,
          );
        },
      ),
    );
  });
});
