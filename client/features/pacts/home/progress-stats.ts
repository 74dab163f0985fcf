import { formatCount } from '../../../lib/count';
export interface ProgressStat {
  key: 'streak' | 'points' | 'level' | 'today';
  value: string;
  label: string;
  /** Said on hover and to screen readers after the label. */
  title?: string;
}

const n = formatCount;

/**
 * Home's four figures. A figure still loading shows '–' rather than a 0 that reads as broken; a real 0 shows as 0
 * with a label that invites the first step ('Day streak', 'Today').
 */
export function progressStats(p: {
  streak: number;
  points: number | undefined;
  level: number;
  xp: number;
  todays: number | undefined;
}): ProgressStat[] {
  return [
    { key: 'streak', value: n(p.streak), label: 'Day streak' },
    { key: 'points', value: p.points === undefined ? '–' : n(p.points), label: 'Points' },
    { key: 'level', value: n(Math.max(1, p.level)), label: 'Level', title: `${n(p.xp)} XP` },
    { key: 'today', value: p.todays === undefined ? '–' : n(p.todays), label: 'Today' },
  ];
}
