import { expect, type Page, test } from '@playwright/test';
import {
  BIO_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../shared/domain/limits';
import { befriend, joinPact, myId } from './progress-seed';
import { setTheme, settled, smallPhone, stickingOut } from './support/a11y-checks';
import { apiCall, signUpViaUi } from './support/app';
import { createPact } from './support/chat';

/**
 * Issue 29, "every screen fits from 320 px": two people whose every field is filled to its limit (names, bio, a
 * Pact's title and description, a team's name and description, a chat message), with the long unbroken words that
 * break layouts (a German compound, a URL). Each screen they meet is opened at 320 px in both themes; nothing may
 * stick out past the screen's right edge, inside scrollers too (stickingOut), and the page never scrolls sideways.
 */

/** `words` repeated and cut to exactly `length` characters (never ending in a space). */
function fill(length: number, words: string): string {
  let out = '';
  while (out.length < length) out += `${words} `;
  return out.slice(0, length).replace(/ $/, 'x');
}

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';
const FIRST = fill(NAME_MAX_LENGTH, 'Wolfeschlegelsteinhausenbergerdorff');
const LAST = fill(NAME_MAX_LENGTH, 'Featherstonehaugh-Cholmondeley');
const TITLE = fill(TITLE_MAX_LENGTH, `${LONG_WORD} Plank`);
const DESCRIPTION = fill(DESCRIPTION_MAX_LENGTH, `Hold it https://example.com/${LONG_WORD}/${LONG_WORD}`);
const TEAM_NAME = fill(TEAM_NAME_MAX_LENGTH, LONG_WORD);
const MESSAGE = fill(CHAT_MESSAGE_MAX_LENGTH, `see https://example.com/${LONG_WORD}${LONG_WORD}`);

async function expectFits(page: Page, where: string) {
  await settled(page).catch(() => undefined);
  await page.waitForTimeout(300);
  expect(await stickingOut(page), `${where}: an element sticks out`).toBeNull();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

/** An element of the open dialog that sticks out of the dialog's box (the dialog clips it, so the screen check misses it). */
async function outOfDialog(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return 'no dialog';
    const box = dialog.getBoundingClientRect();
    for (const el of dialog.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
        return `${el.tagName} ${String(el.className).slice(0, 50)} right=${Math.round(r.right)} > ${Math.round(box.right)}`;
    }
    return null;
  });
}

test('every screen fits a 320 px phone with every field at its longest, in both themes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const coach = await smallPhone(browser);
  await signUpViaUi(coach, { firstName: FIRST, lastName: LAST });
  await apiCall(coach, 'PATCH', '/api/user/profile', { bio: fill(BIO_MAX_LENGTH, `I train ${LONG_WORD}`) });
  const pactId = await createPact(coach, TITLE, { description: DESCRIPTION, workoutTime: '06:30' });
  const team = await apiCall(coach, 'POST', '/api/challenges', {
    exerciseType: 'burpees',
    targetValue: 10_000,
    title: TITLE,
    description: DESCRIPTION,
    visibility: 'pro',
    totalDays: 365,
    scheduleDays: ['monday', 'wednesday', 'friday'],
    isCustom: true,
    monthlyPrice: 199,
    teamName: TEAM_NAME,
    teamDescription: fill(TEAM_DESCRIPTION_MAX_LENGTH, `Coaching ${LONG_WORD}`),
  });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const teamId = (team.body as { teamId: number }).teamId;

  const member = await smallPhone(browser);
  await signUpViaUi(member, { firstName: LAST, lastName: FIRST });
  await befriend(member, coach);
  await joinPact(member, pactId);
  const sent = await apiCall(member, 'POST', `/api/challenges/${pactId}/chat`, { message: MESSAGE });
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
  const memberId = await myId(member);

  const screens = [
    ['home', '/'],
    ['discover', '/challenges'],
    ['leaderboard', '/leaderboard'],
    ['profile', '/profile'],
    ['member', `/user/${encodeURIComponent(memberId)}`],
    ['chat', `/chat/${pactId}`],
    ['teams', '/teams'],
    ['team', `/teams/${teamId}`],
    ['settings', '/settings'],
  ] as const;
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(coach, theme);
    for (const [name, path] of screens) {
      await coach.goto(path);
      await expectFits(coach, `${name} (${theme})`);
      await coach.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`) });
    }
    await coach.goto('/profile');
    await coach.getByRole('button', { name: 'Edit profile' }).click();
    await expect(coach.getByRole('dialog')).toBeVisible();
    expect(await outOfDialog(coach), `Edit profile (${theme})`).toBeNull();
    await coach.screenshot({ path: testInfo.outputPath(`edit-profile-${theme}.png`) });
  }
});
