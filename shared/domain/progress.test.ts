import { describe, expect, it } from 'vitest';
import {
  type ApprovedProof,
  competitionRanks,
  currentDay,
  currentStreak,
  doneDays,
  isFinished,
  levelForXp,
  levelProgress,
  pactCompletion,
  rankOf,
  scheduleFromParticipations,
  streakPoints,
  summarizeProgress,
  summarizeStreak,
  totalWorkouts,
  totalXp,
  xpForLevel,
} from './progress';
import { addDays, localDate, zonedWallClockToInstant } from './time';

const everyDay = () => true;
const proof = (recordedDay: string, difficulty: ApprovedProof['difficulty'] = 'easy'): ApprovedProof => ({
  recordedDay,
  difficulty,
});
const run = (from: string, days: number) => Array.from({ length: days }, (_, i) => proof(addDays(from, i)));

// 2025-06-02 is a Monday.
const MON = '2025-06-02';
const monWedFri = scheduleFromParticipations([
  { scheduleDays: ['monday', 'wednesday', 'friday'], startDay: MON },
]);

describe('doneDays and totalWorkouts', () => {
  it('lists distinct days oldest first and counts every proof', () => {
    const proofs = [proof('2025-06-03'), proof('2025-06-01'), proof('2025-06-03')];
    expect(doneDays(proofs)).toEqual(['2025-06-01', '2025-06-03']);
    expect(totalWorkouts(proofs)).toBe(3);
    expect(doneDays([])).toEqual([]);
  });
});

describe('currentStreak', () => {
  it('counts consecutive done days up to today', () => {
    expect(currentStreak(run('2025-06-01', 5), everyDay, '2025-06-05')).toBe(5);
  });

  it('stays alive when the last done day was yesterday: today still has time', () => {
    expect(currentStreak(run('2025-06-01', 4), everyDay, '2025-06-05')).toBe(4);
  });

  it('breaks when a scheduled day before today was missed', () => {
    expect(currentStreak(run('2025-06-01', 3), everyDay, '2025-06-05')).toBe(0);
    const gap = [...run('2025-06-01', 2), ...run('2025-06-04', 2)];
    expect(currentStreak(gap, everyDay, '2025-06-05')).toBe(2);
  });

  it('is 0 without proofs', () => {
    expect(currentStreak([], everyDay, '2025-06-05')).toBe(0);
  });

  it('skips unscheduled days: they neither break nor extend it', () => {
    const mwf = [proof(MON), proof('2025-06-04'), proof('2025-06-06')];
    // Saturday and Sunday are unscheduled, so Friday's streak still stands on Sunday and on Monday.
    expect(currentStreak(mwf, monWedFri, '2025-06-08')).toBe(3);
    expect(currentStreak(mwf, monWedFri, '2025-06-09')).toBe(3);
    // Working out on an unscheduled Tuesday does not extend it.
    expect(currentStreak([...mwf, proof('2025-06-03')], monWedFri, '2025-06-08')).toBe(3);
    // Missing Wednesday breaks it.
    expect(currentStreak([proof(MON), proof('2025-06-06')], monWedFri, '2025-06-08')).toBe(1);
    // The next Monday missed: broken by Tuesday.
    expect(currentStreak(mwf, monWedFri, '2025-06-10')).toBe(0);
  });

  it('recomputes when an approved proof is later rejected (it drops out of the input)', () => {
    const proofs = run('2025-06-01', 5);
    expect(currentStreak(proofs, everyDay, '2025-06-05')).toBe(5);
    const afterRejection = proofs.filter((p) => p.recordedDay !== '2025-06-03');
    expect(currentStreak(afterRejection, everyDay, '2025-06-05')).toBe(2);
    // A second approved proof that day keeps the day done.
    const twice = [...proofs, proof('2025-06-03')];
    expect(currentStreak(twice.slice(0, 2).concat(twice.slice(3)), everyDay, '2025-06-05')).toBe(5);
  });
});

describe('time zones', () => {
  it('puts a proof at 23:30 in Los Angeles on the local day, not the UTC one', () => {
    const zone = 'America/Los_Angeles';
    const lateNight = (day: string) => localDate(zonedWallClockToInstant(day, '23:30', zone), zone);
    const instant = zonedWallClockToInstant('2025-06-10', '23:30', zone);
    expect(instant.toISOString()).toBe('2025-06-11T06:30:00.000Z');
    expect(localDate(instant, 'UTC')).toBe('2025-06-11');
    const proofs = ['2025-06-08', '2025-06-09', '2025-06-10'].map((day) => proof(lateNight(day)));
    const today = localDate(new Date('2025-06-11T16:00:00Z'), zone);
    expect(currentStreak(proofs, everyDay, today)).toBe(3);
    // Read in UTC the same instants sit a day later, so UTC days would be wrong for this user.
    const utcDays = ['2025-06-08', '2025-06-09', '2025-06-10'].map((day) =>
      localDate(zonedWallClockToInstant(day, '23:30', zone), 'UTC'),
    );
    expect(utcDays).toEqual(['2025-06-09', '2025-06-10', '2025-06-11']);
  });

  it('keeps a nightly streak across daylight-saving changes', () => {
    const cases: [string, string, string][] = [
      ['Europe/Berlin', '2025-03-27', '23:45'],
      ['Europe/Berlin', '2025-10-23', '00:15'],
      ['America/New_York', '2025-03-06', '23:59'],
      ['America/New_York', '2025-10-30', '01:30'],
    ];
    for (const [zone, first, time] of cases) {
      const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
      const proofs = days.map((day) => proof(localDate(zonedWallClockToInstant(day, time, zone), zone)));
      expect(proofs.map((p) => p.recordedDay)).toEqual(days);
      expect(currentStreak(proofs, everyDay, days[6]!), `${zone} ${first}`).toBe(7);
    }
  });

  it('shows why the day must come from the zone: 24-hour steps skip a day over spring-forward', () => {
    const zone = 'Europe/Berlin';
    const start = zonedWallClockToInstant('2025-03-28', '23:30', zone).getTime();
    const days = Array.from({ length: 4 }, (_, i) => localDate(new Date(start + i * 86_400_000), zone));
    expect(days).toEqual(['2025-03-28', '2025-03-29', '2025-03-31', '2025-04-01']);
  });
});

describe('streakPoints', () => {
  it('adds the streak length each proof reaches: day 1 adds 1, day 7 adds 7', () => {
    expect(streakPoints(run('2025-06-01', 7), everyDay, '2025-06-07')).toBe(28);
  });

  it('adds the same day length for each proof of one day', () => {
    const proofs = [...run('2025-06-01', 3), proof('2025-06-03')];
    expect(streakPoints(proofs, everyDay, '2025-06-03')).toBe(1 + 2 + 3 + 3);
  });

  it('restarts after a break', () => {
    const proofs = [...run('2025-06-01', 2), ...run('2025-06-05', 2)];
    expect(streakPoints(proofs, everyDay, '2025-06-06')).toBe(1 + 2 + 1 + 2);
  });

  it('gives a proof on an unscheduled day the current streak, at least 1', () => {
    const proofs = [proof('2025-06-03'), proof(MON), proof('2025-06-04'), proof('2025-06-05')];
    // Tue (unscheduled, streak 0 so 1), Mon 1, Wed 2, Thu (unscheduled, streak 2) 2.
    expect(summarizeStreak(proofs, monWedFri, '2025-06-05')).toEqual({
      currentStreak: 2,
      longestStreak: 2,
      streakPoints: 1 + 1 + 2 + 2,
      streakFreezes: 0,
      frozenDays: [],
    });
  });
});

describe('scheduleFromParticipations', () => {
  it('schedules a day when an active participation covers it on one of its weekdays', () => {
    const schedule = scheduleFromParticipations([
      { scheduleDays: ['monday'], startDay: '2025-06-02', endDay: '2025-06-15' },
      { scheduleDays: ['saturday'], startDay: '2025-06-10', endDay: null },
    ]);
    expect(schedule('2025-06-02')).toBe(true);
    expect(schedule('2025-06-09')).toBe(true);
    expect(schedule('2025-06-16')).toBe(false);
    expect(schedule('2025-05-26')).toBe(false);
    expect(schedule('2025-06-07')).toBe(false);
    expect(schedule('2025-06-14')).toBe(true);
    expect(schedule('2026-01-03')).toBe(true);
    expect(schedule('2025-06-03')).toBe(false);
  });
});

describe('XP', () => {
  it('gives 10 per proof and 100 per completed Pact, times difficulty, rounded down', () => {
    expect(totalXp([], [])).toBe(0);
    expect(totalXp([proof('2025-06-01', 'easy')], [])).toBe(10);
    expect(totalXp([proof('2025-06-01', 'medium')], [])).toBe(15);
    expect(totalXp([proof('2025-06-01', 'hard')], [{ difficulty: 'hard' }])).toBe(220);
    expect(totalXp([], [{ difficulty: 'medium' }, { difficulty: 'easy' }])).toBe(250);
  });
});

describe('pactCompletion', () => {
  // 14 days from Monday 2025-06-02 with Mon/Wed/Fri: 6 scheduled days.
  const mwf = ['monday', 'wednesday', 'friday'] as const;

  it('counts scheduled days and the done ones among them', () => {
    const done = ['2025-06-02', '2025-06-04', '2025-06-06', '2025-06-09', '2025-06-03'];
    const result = pactCompletion(mwf, MON, 14, done);
    expect(result).toEqual({ scheduledCount: 6, doneCount: 4, ratio: 4 / 6, completed: false });
  });

  it('completes at exactly 80% of the scheduled days', () => {
    const days = Array.from({ length: 10 }, (_, i) => addDays(MON, i));
    expect(
      pactCompletion(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        MON,
        10,
        days.slice(0, 8),
      ).completed,
    ).toBe(true);
    expect(
      pactCompletion(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        MON,
        10,
        days.slice(0, 7),
      ).completed,
    ).toBe(false);
  });

  it('is never complete without scheduled days', () => {
    expect(pactCompletion(['sunday'], MON, 6, [MON])).toEqual({
      scheduledCount: 0,
      doneCount: 0,
      ratio: 0,
      completed: false,
    });
  });
});

describe('currentDay and isFinished', () => {
  it('counts from day 1 and clamps to the duration', () => {
    expect(currentDay(MON, MON, 7)).toBe(1);
    expect(currentDay(MON, '2025-06-04', 7)).toBe(3);
    expect(currentDay(MON, '2025-06-08', 7)).toBe(7);
    expect(currentDay(MON, '2025-06-20', 7)).toBe(7);
    expect(currentDay(MON, '2025-05-20', 7)).toBe(1);
  });

  it('finishes the day after the last day', () => {
    expect(isFinished(MON, '2025-06-08', 7)).toBe(false);
    expect(isFinished(MON, '2025-06-09', 7)).toBe(true);
  });
});

describe('levels', () => {
  it('starts level n at 50*(n-1)^2 XP', () => {
    expect([1, 2, 3, 4, 10].map(xpForLevel)).toEqual([0, 50, 200, 450, 4050]);
    expect([0, 49, 50, 199, 200, 449, 450, 4050].map(levelForXp)).toEqual([1, 1, 2, 2, 3, 3, 4, 10]);
    expect(levelForXp(-5)).toBe(1);
    expect(levelForXp(Number.NaN)).toBe(1);
  });

  it('reports progress towards the next level', () => {
    expect(levelProgress(125)).toEqual({ level: 2, levelStartXp: 50, nextLevelXp: 200, fraction: 0.5 });
    expect(levelProgress(0).fraction).toBe(0);
  });
});

describe('ranks', () => {
  it('ranks 1 + the number of greater values, ties sharing a rank', () => {
    expect(competitionRanks([100, 50, 100, 10, 50])).toEqual([1, 3, 1, 5, 3]);
    expect(competitionRanks([])).toEqual([]);
    expect(rankOf(50, [100, 50, 100, 10])).toBe(3);
    expect(rankOf(1000, [100])).toBe(1);
  });
});

describe('summarizeProgress', () => {
  it('computes every figure from approved proofs', () => {
    const proofs = run('2025-06-01', 3).map((p) => ({ ...p, difficulty: 'hard' as const }));
    expect(
      summarizeProgress({
        approvedProofs: proofs,
        completedPacts: [],
        isScheduled: everyDay,
        today: '2025-06-03',
      }),
    ).toEqual({
      currentStreak: 3,
      longestStreak: 3,
      streakPoints: 6,
      streakFreezes: 0,
      frozenDays: [],
      doneDays: ['2025-06-01', '2025-06-02', '2025-06-03'],
      totalWorkouts: 3,
      totalXp: 60,
      level: 2,
    });
  });
});
