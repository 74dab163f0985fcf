import { describe, expect, it } from 'vitest';
import { axisDollars, bucketLabel, churnNote, headline, latestRate, percent } from './analytics-format';

describe('analytics format', () => {
  it('formats rates, dollars and the latest rate', () => {
    expect(percent(null)).toBe('-');
    expect(percent(0.4286)).toBe('43%');
    expect(axisDollars(2900)).toBe('$29');
    expect(axisDollars(123_456)).toBe('$1.2k');
    const bucket = { churnRate: null, proofCompletionRate: 0.5 };
    const series = [bucket, { ...bucket, churnRate: 0.25 }, bucket] as never;
    expect(latestRate(series, 'churnRate')).toBe(0.25);
    expect(latestRate(series, 'proofCompletionRate')).toBe(0.5);
  });

  it('says how many left when no churn rate could be computed, and nobody only when nobody did', () => {
    const bucket = { churned: 0, churnRate: null, proofCompletionRate: null };
    const analytics = (series: object[]) => ({ period: 'week', series }) as never;
    expect(churnNote(analytics([bucket, bucket]), null)).toBe('nobody left yet');
    expect(churnNote(analytics([{ ...bucket, churned: 2 }, bucket]), null)).toBe(
      '2 left within their first week',
    );
    expect(churnNote(analytics([{ ...bucket, churned: 1, churnRate: 0.5 }]), 0.5)).toBe('latest week');
    const full = {
      team: { id: 1, name: 'T', priceCents: 2900 },
      period: 'month',
      totals: {
        members: 0,
        trialing: 0,
        active: 0,
        trials: 1,
        conversions: 0,
        conversionRate: null,
        mrrCents: 0,
        coachNetCents: 0,
      },
      series: [
        {
          ...bucket,
          start: '2026-11-01',
          members: 0,
          trials: 1,
          conversions: 0,
          revenueCents: 0,
          mrrCents: 0,
          churned: 1,
        },
      ],
    } as never;
    expect(headline(full).find((tile) => tile.label === 'Churn')).toMatchObject({
      value: '-',
      note: '1 left within their first month',
    });
  });

  it('labels the table buckets with their year where it is not plain', () => {
    expect(bucketLabel('2025-12-01', 'month', '2026-11-01')).toBe('Dec 2025');
    expect(bucketLabel('2026-01-01', 'month', '2026-11-01')).toBe('Jan 2026');
    expect(bucketLabel('2025-12-29', 'week', '2026-03-16')).toBe('Dec 29, 2025');
    expect(bucketLabel('2026-03-09', 'week', '2026-03-16')).toBe('Mar 9');
  });
});
