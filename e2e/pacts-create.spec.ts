import { expect, type Locator, type Page, test } from '@playwright/test';
import { bottomNav, currentUser, overlap, signUpViaUi, snap, tryDemo } from './support/app';
import { axeViolations } from './support/axe';

// SPEC 4 "Create wizard", "Recording", "Challenge visibility flag"; DECISIONS 4 (edit) and 8 (Pro).

function wizard(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Create Pact' });
}

async function expectStep(page: Page, counter: string): Promise<void> {
  await expect(wizard(page).getByText(`Step ${counter}`, { exact: true })).toBeVisible();
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** Opens the creator's menu on a card and picks an item. */
async function cardMenu(page: Page, title: string, item: string): Promise<void> {
  await card(page, title).getByRole('button', { name: 'Pact options' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function myPacts(page: Page) {
  const res = await page.request.get('/api/challenges?filter=mine');
  expect(res.ok()).toBe(true);
  return (await res.json()).items as { title: string; tutorialVideoUrl: string | null; visibility: string }[];
}

test('public Pact: create through the wizard with a tutorial, see it on Home, edit, hide, show and delete it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpViaUi(page);
  await expect(page.getByText('No Active Challenges', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Challenge' }).click();

  const w = wizard(page);
  await expectStep(page, '1/5');
  await expect(w.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(w.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await snap(page, testInfo, 'wizard-1-templates');
  await w.getByRole('button', { name: /HIIT Cardio Blast/ }).click();

  await expectStep(page, '2/5');
  await w.getByRole('button', { name: /^Public/ }).click();

  await expectStep(page, '3/5');
  const title = w.getByLabel('Pact name');
  await expect(title).toHaveValue('21-Day HIIT Cardio Blast');
  await title.fill('   ');
  await expect(w.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await title.fill('E2E Morning Burn');
  // Back goes down one step and keeps what was typed.
  await w.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, '2/5');
  await w.getByRole('button', { name: 'Continue' }).click();
  await expect(w.getByLabel('Pact name')).toHaveValue('E2E Morning Burn');
  await w.getByRole('button', { name: 'Continue' }).click();

  await expectStep(page, '4/5');
  // A schedule needs at least one day.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await w.getByRole('button', { name: day }).click();
  }
  await expect(w.getByRole('button', { name: 'Skip to finish' })).toBeDisabled();
  await w.getByRole('button', { name: 'Monday' }).click();
  await w.getByRole('button', { name: 'Skip to finish' }).click();

  await expectStep(page, '5/5');
  await w.getByRole('button', { name: 'Record Tutorial' }).click();
  await expect(page.getByText('Demonstrate your exercise technique', { exact: true })).toBeVisible();
  await expect(w.getByText(/^REC/)).toBeVisible();
  // Four seconds recorded (by the screen's own clock): on a loaded 2-core machine a two-second clip sometimes came
  // out of the encoder empty ("Recording failed"), late in a full run.
  await expect(w.getByText(/^REC 0:(0[4-9]|[1-5]\d)$/)).toBeVisible({ timeout: 15_000 });
  await w.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(w.getByRole('button', { name: 'View Video' })).toBeVisible();
  await expect(w.getByRole('button', { name: 'Record New' })).toBeVisible();
  await snap(page, testInfo, 'wizard-5-recorded');
  await w.getByRole('button', { name: 'Create Pact' }).click();

  await expect(page.getByText('Pact Created!', { exact: true })).toBeVisible();
  await expect(w).toHaveCount(0);
  const created = card(page, 'E2E Morning Burn');
  await expect(created).toBeVisible();
  await expect(created.getByText('Created by you')).toBeVisible();
  await expect(created.getByText('Target: 20 minutes of HIIT cardio')).toBeVisible();
  // No workout time: SPEC's Home card has Start only when a time exists, and no time to show (the chat starts it).
  await expect(created.getByRole('link', { name: /Start/ })).toHaveCount(0);
  await expect(created.getByRole('button', { name: /Start|Wait for time|You missed/ })).toHaveCount(0);
  await expect(created.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', /^\/chat\/\d+$/);
  await expect(created.getByRole('button', { name: 'Invite' })).toBeVisible();
  const [stored] = await myPacts(page);
  expect(stored).toMatchObject({ title: 'E2E Morning Burn', visibility: 'public' });
  expect(stored?.tutorialVideoUrl).toMatch(/^\/media\//);
  await snap(page, testInfo, 'home-with-pact');

  // Edit: rename, set a time and a harder difficulty.
  await cardMenu(page, 'E2E Morning Burn', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Pact' });
  await edit.getByLabel('Title').fill('E2E Evening Burn');
  await edit.getByLabel('Hard').check({ force: true });
  await edit.getByLabel('Workout time').fill('18:45');
  // The recorded tutorial can be removed (the card then shows the Pact's poster).
  await edit.getByRole('button', { name: 'Remove' }).click();
  await expect(edit.getByText('The tutorial will be removed when you save.')).toBeVisible();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  expect((await myPacts(page))[0]?.tutorialVideoUrl).toBeNull();
  const edited = card(page, 'E2E Evening Burn');
  await expect(edited.getByText('6:45 PM')).toBeVisible();
  await expect(edited.getByRole('img', { name: 'Difficulty: hard' })).toBeVisible();

  // Hide, then show again.
  await cardMenu(page, 'E2E Evening Burn', 'Hide');
  await expect(page.getByText('Your workout is now hidden from others', { exact: true })).toBeVisible();
  await expect(edited.getByText('Hidden', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'hidden');
  await cardMenu(page, 'E2E Evening Burn', 'Show');
  await expect(page.getByText('Your workout is now visible to others', { exact: true })).toBeVisible();
  await expect(edited.getByText('Hidden', { exact: true })).toHaveCount(0);

  // Delete asks first; Cancel keeps it.
  await cardMenu(page, 'E2E Evening Burn', 'Delete');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete "E2E Evening Burn"? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  await cardMenu(page, 'E2E Evening Burn', 'Delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your workout has been permanently removed', { exact: true })).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(page.getByText('No Active Challenges', { exact: true })).toBeVisible();
  expect(await myPacts(page)).toEqual([]);
});

test('Pro Pact: six steps with the team and revenue estimate; the creator becomes a Pro user', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpViaUi(page);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  const w = wizard(page);
  await w.getByRole('button', { name: /Custom HIIT/ }).click();
  await w.getByRole('button', { name: /^Pro/ }).click();

  await expectStep(page, '3/6');
  const next = w.getByRole('button', { name: 'Continue' });
  await w.getByLabel('Pact name').fill('E2E Iron Team');
  // Custom HIIT needs an exercise type.
  await expect(next).toBeDisabled();
  await w.getByLabel('Exercise type').fill('burpees');
  await w.getByLabel('Daily target').fill('40');
  // Duration is kept within 1..365.
  const duration = w.getByLabel('Duration (days)');
  await duration.fill('400');
  await duration.blur();
  await expect(duration).toHaveValue('365');
  await next.click();

  await expectStep(page, '4/6');
  await expect(w.getByRole('button', { name: 'Skip to finish' })).toHaveCount(0);
  await w.getByLabel('Workout time').fill('06:15');
  await next.click();

  await expectStep(page, '5/6');
  await w.getByRole('button', { name: 'Set Up Team' }).click();

  await expectStep(page, '6/6');
  const create = w.getByRole('button', { name: 'Create Pro Pact' });
  await expect(create).toBeDisabled();
  await expect(w.getByText('$1,232/month estimated')).toBeVisible();
  await w.getByLabel('Team name').fill('E2E Iron Mornings');
  await w.getByLabel('Team description').fill('Daily coaching and feedback on every rep.');
  await w.getByLabel('Monthly price (USD)').fill('50');
  await expect(w.getByText('$2,125/month estimated')).toBeVisible();
  await snap(page, testInfo, 'wizard-6-team');
  await create.click();

  await expect(page.getByText('Pact Created!', { exact: true })).toBeVisible();
  const pro = card(page, 'E2E Iron Team');
  await expect(pro.getByText('Pro', { exact: true })).toBeVisible();
  await expect(pro.getByText('6:15 AM')).toBeVisible();
  await expect(pro.getByText('Target: 40 burpees')).toBeVisible();
  const [stored] = await myPacts(page);
  expect(stored).toMatchObject({ title: 'E2E Iron Team', visibility: 'pro' });
  const me = await page.request.get('/api/auth/user');
  expect((await me.json()).user.isProUser).toBe(true);
  await snap(page, testInfo, 'home-with-pro-pact');
});

test('the wizard tells why: camera denied, no connection, and a refused create', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await tryDemo(page);
  expect((await currentUser(page))?.isDemo).toBe(true);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  const w = wizard(page);
  await w.getByRole('button', { name: /Tabata Burner/ }).click();
  await w.getByRole('button', { name: /^Private/ }).click();
  await w.getByRole('button', { name: 'Continue' }).click();
  await w.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, '5/5');
  await w.getByRole('button', { name: 'Record Tutorial' }).click();
  await expect(page.getByText('Camera access denied', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please allow camera access to record tutorial videos.', { exact: true }),
  ).toBeVisible();
  await expect(w.getByRole('button', { name: 'Record Tutorial' })).toBeEnabled();

  // Offline: the create fails at once and says why; nothing is sent later behind the person's back.
  let creates = 0;
  // Answered creates (the offline attempt fails in the browser and never reaches the server).
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/challenges') creates += 1;
  });
  await context.setOffline(true);
  await w.getByRole('button', { name: 'Create Pact' }).click();
  await expect(
    page.getByText('No connection. Check your network and try again.', { exact: true }),
  ).toBeVisible();
  await expectStep(page, '5/5');
  await expect(w.getByRole('button', { name: 'Create Pact' })).toBeEnabled();
  await context.setOffline(false);
  await page.waitForTimeout(1000);
  expect(creates).toBe(0);

  await page.route('**/api/challenges', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Bad Request', message: 'title: too long' }),
        })
      : route.continue(),
  );
  await w.getByRole('button', { name: 'Create Pact' }).click();
  await expect(page.getByText('Failed to create Pact', { exact: true })).toBeVisible();
  await expect(page.getByText('Title too long', { exact: true })).toBeVisible();
  // The wizard stays open on the summary so nothing typed is lost.
  await expectStep(page, '5/5');

  // Closing resets it: the next open starts at step 1.
  await w.getByRole('button', { name: 'Close' }).click();
  await expect(w).toHaveCount(0);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  await expectStep(page, '1/5');
});

test('a reload mid-wizard opens it again where it was, with what was typed; closing forgets it', async ({
  page,
}) => {
  await tryDemo(page);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  const w = wizard(page);
  await w.getByRole('button', { name: /HIIT Strength/ }).click();
  await w.getByRole('button', { name: /^Public/ }).click();
  await w.getByLabel('Pact name').fill('Reload Burn');
  await w.getByLabel('Duration (days)').fill('40');
  await w.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, '4/5');
  await w.getByRole('button', { name: 'Sunday' }).click();
  await expect(w.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await expectStep(page, '4/5');
  await expect(w.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
  await expect(w.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(w.getByLabel('Pact name')).toHaveValue('Reload Burn');
  await expect(w.getByLabel('Duration (days)')).toHaveValue('40');

  await w.getByRole('button', { name: 'Close' }).click();
  await expect(w).toHaveCount(0);
  await page.reload();
  await expect(bottomNav(page)).toBeVisible();
  await expect(w).toHaveCount(0);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  await expectStep(page, '1/5');

  // The phone's Back button closes the wizard and leaves the screen under it where it was.
  await w.getByRole('button', { name: 'Close' }).click();
  await page.goto('/challenges');
  await bottomNav(page).getByRole('link', { name: 'Pacts' }).click();
  await expect(page).toHaveURL(/\/$/);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  await expectStep(page, '1/5');
  await page.goBack();
  await expect(w).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  // Back again goes where it went before the wizard: Discover.
  await page.goBack();
  await expect(page).toHaveURL(/\/challenges$/);
});

test('closing the wizard mid-recording turns the camera off', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await tryDemo(page);
  await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
  const w = wizard(page);
  await w.getByRole('button', { name: /HIIT Strength/ }).click();
  await w.getByRole('button', { name: /^Friends/ }).click();
  await w.getByRole('button', { name: 'Continue' }).click();
  await w.getByRole('button', { name: 'Skip to finish' }).click();
  await w.getByRole('button', { name: 'Record Tutorial' }).click();
  await expect(w.getByRole('button', { name: 'Stop Recording' })).toBeVisible();
  const live = () =>
    page.evaluate(
      () =>
        (window as unknown as { __streams: MediaStream[] }).__streams
          .flatMap((s) => s.getTracks())
          .filter((t) => t.readyState === 'live').length,
    );
  expect(await live()).toBeGreaterThan(0);
  // The "Recording started" toast shows over the camera's picture, never over Close.
  // (The open dialog hides the rest of the page from the accessibility tree, so the toast is found by its text.)
  const toast = page.locator('li', { hasText: 'Recording started' });
  await expect(toast).toBeVisible();
  expect(await overlap(toast, w.getByRole('button', { name: 'Close' }))).toBe(false);
  await snap(page, testInfo, 'wizard-recording-toast');
  await w.getByRole('button', { name: 'Close' }).click({ timeout: 5_000 });
  await expect(w).toHaveCount(0);
  await expect.poll(live).toBe(0);
});

for (const theme of ['dark', 'light'] as const) {
  test(`cards, creator menu, edit dialog and every wizard step pass WCAG A/AA (${theme})`, async ({
    page,
  }) => {
    // Nine axe scans: close to a minute on a busy 2-core machine, so twice that before giving up.
    test.setTimeout(240_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await tryDemo(page);
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await first.getByRole('button', { name: 'Pact options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pact' });
    await expect(edit).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await bottomNav(page).getByRole('button', { name: 'Create Pact' }).click();
    const w = wizard(page);
    await expectStep(page, '1/5');
    expect(await axeViolations(page)).toEqual([]);
    await w.getByRole('button', { name: /Custom HIIT/ }).click();
    await expectStep(page, '2/5');
    expect(await axeViolations(page)).toEqual([]);
    await w.getByRole('button', { name: /^Pro/ }).click();
    await w.getByLabel('Pact name').fill('Accessible Pact');
    await w.getByLabel('Exercise type').fill('squats');
    expect(await axeViolations(page)).toEqual([]);
    await w.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, '4/6');
    expect(await axeViolations(page)).toEqual([]);
    await w.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, '5/6');
    expect(await axeViolations(page)).toEqual([]);
    await w.getByRole('button', { name: 'Set Up Team' }).click();
    await expectStep(page, '6/6');
    expect(await axeViolations(page)).toEqual([]);
  });
}
