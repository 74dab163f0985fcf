import { expect, type Page, test } from '@playwright/test';
import { createPact, postProof } from './progress-seed';
import { dateOfBirthForAge, snap, strongPassword, uniqueEmail } from './support/app';
import { type OwnApp, startOwnApp } from './support/own-app';

/**
 * A streak freeze stands in for a missed day (docs/RULES.md, Progress). History needs past days, and the server's
 * clock decides every day, so the journey runs its own app and restarts it a day later each time (the clock shim,
 * e2e/support/shifted-clock.mjs), the phone's clock moved alike: seven days done earn a freeze, the next day is
 * missed, and the day after, Profile's calendar shows the missed day frozen and "Streak freezes" went down.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 650;
const DAY = 86_400_000;
// The journey's last day is the 11th of a month or later, so all of its days fit in the month the calendar shows.
const dom = new Date().getUTCDate();
const LAST = dom < 11 ? -dom * DAY : 0;
const dayAt = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);

let app: OwnApp;
test.beforeAll(async () => {
  app = await startOwnApp({ port, clockOffsetMs: LAST - 8 * DAY });
});
test.afterAll(async () => {
  await app?.close();
});
test.use({ baseURL: `http://localhost:${port}` });

/** The server and the phone both `offset` from now. */
async function moveTo(page: Page, offset: number, restart = true) {
  if (restart) await app.restart({ clockOffsetMs: offset });
  await page.clock.setFixedTime(new Date(Date.now() + offset));
}

async function openProfile(page: Page, theme: 'dark' | 'light') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

test('a missed scheduled day uses a streak freeze: the calendar shows it frozen, the freezes go down', async ({
  page,
}, testInfo) => {
  // Nine starts of the app on a shared 2-core machine.
  test.setTimeout(1_500_000);
  await page.clock.setFixedTime(new Date(Date.now() + LAST - 8 * DAY));
  await page.goto('/');
  const signedUp = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/auth/signup', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    {
      email: uniqueEmail('freeze'),
      password: strongPassword(),
      dateOfBirth: dateOfBirthForAge(30),
      firstName: 'Frida',
      lastName: 'Frost',
      timeZone: 'UTC',
    },
  );
  expect(signedUp).toBeLessThan(300);
  // A private Pact of one, all day, every day: each proof is approved when posted (nobody else can decide it).
  const pactId = await createPact(page, { title: 'Daily squats', visibility: 'private' });

  // Seven scheduled days done, one a day.
  for (let back = 8; back >= 2; back--) {
    if (back < 8) await moveTo(page, LAST - back * DAY);
    await postProof(page, pactId, 30);
  }

  // The next day nothing is done: today never breaks a streak, and the freeze earned by the seven is held.
  await moveTo(page, LAST - DAY);
  await openProfile(page, 'dark');
  await expect(page.getByTestId('profile-freezes')).toHaveText('Streak freezes: 1 of 2');
  await expect(page.getByTestId('profile-streak')).toHaveText('7');
  await snap(page, testInfo, 'freeze-held-390-dark');

  // The day after: the missed day used the freeze, the streak stands.
  await moveTo(page, LAST);
  await openProfile(page, 'dark');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('profile-freezes')).toHaveText('Streak freezes: 0 of 2', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('profile-streak')).toHaveText('7');
  const missed = dayAt(LAST - DAY);
  const frozen = page.getByRole('button', { name: `${missed}: frozen, a streak freeze kept your streak` });
  await expect(frozen).toBeVisible();
  await expect(frozen).toHaveAttribute('data-frozen', 'true');
  await expect(frozen.getByTestId('frozen-day')).toBeVisible();
  await expect(page.getByTestId('frozen-day')).toHaveCount(1);
  // Done days keep their dot, and differ from the frozen one.
  await expect(page.getByRole('button', { name: `${dayAt(LAST - 2 * DAY)}: 1 workouts` })).toBeVisible();

  for (const theme of ['dark', 'light'] as const) {
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await openProfile(page, theme);
      await expect(frozen).toBeVisible();
      await frozen.scrollIntoViewIfNeeded();
      await snap(page, testInfo, `freeze-used-${width}-${theme}`);
    }
  }
});
