import { type Browser, expect, type Page } from '@playwright/test';
import { createPact, joinPact, myId, postProof } from '../progress-seed';
import { settled, smallPhone } from './a11y-checks';
import type { VisitIds } from './a11y-routes';
import { apiCall, signUpViaUi, tryDemo } from './app';

/** What the accessibility journeys (e2e/a11y*.spec.ts) visit: a page settled, and a person with data to show. */

export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/** A Pro Pact with its coaching team; answers the team's id. */
export async function createTeam(page: Page): Promise<number> {
  const answer = await apiCall(page, 'POST', '/api/challenges', {
    exerciseType: 'burpees',
    targetValue: 40,
    title: 'Iron Mornings',
    description: 'Forty burpees, coached.',
    visibility: 'pro',
    totalDays: 30,
    scheduleDays: ['monday', 'wednesday', 'friday'],
    isCustom: true,
    monthlyPrice: 25,
    teamName: 'Iron Mornings Team',
    teamDescription: 'Daily coaching and feedback on every rep.',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.teamId;
}

/** Someone with a public Pact that has a pending proof, and the visitor (a demo sandbox, full of sample data) in it. */
export async function seed(browser: Browser) {
  const friend = await smallPhone(browser);
  await signUpViaUi(friend, { firstName: 'Avery', lastName: 'Stone' });
  const friendId = await myId(friend);
  const challengeId = await createPact(friend, { title: `Plank Club ${Date.now().toString(36)}` });
  await postProof(friend, challengeId, 30);
  const teamId = await createTeam(friend);
  const me = await smallPhone(browser);
  await tryDemo(me);
  await joinPact(me, challengeId);
  return { me, friend, ids: { userId: friendId, challengeId, teamId } satisfies VisitIds };
}
