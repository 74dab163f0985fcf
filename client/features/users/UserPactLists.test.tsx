import type { Participation } from '@shared/api/pacts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { EndedTeamPacts } from './UserPactLists';

const part = (id: number, status: Participation['status'], teamId: number | null) =>
  ({
    id,
    status,
    currentDay: 3,
    challenge: {
      id: 100 + id,
      title: `Pact ${id}`,
      totalDays: 30,
      teamId,
      exerciseType: 'squats',
      targetValue: 20,
      scheduleDays: ['monday'],
      workoutTime: null,
      tutorialVideoUrl: null,
      thumbnailUrl: null,
    },
  }) as unknown as Participation;

describe("own Profile's ended team Pacts", () => {
  it('lists a team Pact whose access ended as ended, with the way back to its team', () => {
    const html = renderToStaticMarkup(
      <Router ssrPath="/profile">
        <EndedTeamPacts items={[part(1, 'completed', null), part(2, 'ended', 7)]} />
      </Router>,
    );
    expect(html).toContain('Ended Pacts');
    expect(html).toContain('Pact 2');
    expect(html).toContain('Ended: team access ended');
    expect(html).toContain('href="/teams/7"');
    expect(html).not.toContain('Pact 1');
  });

  it('shows nothing while no Pact ended', () => {
    expect(renderToStaticMarkup(<EndedTeamPacts items={[part(1, 'completed', null)]} />)).toBe('');
  });
});
