import { type Browser, expect, type Page, test } from '@playwright/test';
import { currentUser, signUpViaUi, snap } from './support/app';

/**
 * Discover, Profile and the user page (issue 3): A creates a public Pact, B finds it in the Discover feed, likes
 * and joins it (landing in its chat), sees it on their profile, and asks A to be friends from A's page (A accepts).
 */

async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  return context.newPage();
}

/** POST /api/challenges from the page itself, so the request carries its session cookie and same Origin. */
async function createPublicPact(page: Page, title: string, tutorialVideoUrl?: string): Promise<number> {
  const answer = await page.evaluate(
    async ([pactTitle, videoUrl]) => {
      const res = await fetch('/api/challenges', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          exerciseType: 'squats',
          targetValue: 30,
          title: pactTitle,
          description: 'Thirty deep squats a day, filmed from the side.',
          visibility: 'public',
          totalDays: 21,
          scheduleDays: ['monday', 'wednesday', 'friday'],
          workoutTime: '18:30',
          isCustom: false,
          ...(videoUrl ? { tutorialVideoUrl: videoUrl } : {}),
        }),
      });
      return { status: res.status, body: await res.json() };
    },
    [title, tutorialVideoUrl] as const,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

/** Scrolls the snap feed slide by slide (loading further pages) until the Pact's slide is there. */
async function findSlide(page: Page, title: string) {
  const slide = page.getByRole('article', { name: title });
  const feed = page.getByTestId('discover-feed');
  await expect(feed).toBeVisible();
  for (let i = 0; i < 60 && (await slide.count()) === 0; i += 1) {
    await feed.evaluate((el) => el.scrollBy(0, el.clientHeight));
    await page.waitForTimeout(150);
  }
  await slide.scrollIntoViewIfNeeded();
  await expect(slide).toBeVisible();
  return slide;
}

test('B finds A’s Pact in Discover, likes and joins it, and becomes A’s friend', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const title = `Squat Pact ${Date.now().toString(36)}`;

  const a = await newPhone(browser);
  await signUpViaUi(a, { firstName: 'Avery', lastName: 'Stone' });
  const aUser = await currentUser(a);
  const pactId = await createPublicPact(a, title);

  const b = await newPhone(browser);
  await signUpViaUi(b, { firstName: 'Blake', lastName: 'River' });

  // Discover: the filter control is shown, the slide carries the Pact's texts.
  await b.goto('/challenges');
  await expect(b.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
  const slide = await findSlide(b, title);
  await expect(slide.getByRole('heading', { name: title })).toBeVisible();
  await expect(slide.getByText('21 days')).toBeVisible();
  await expect(slide.getByText('6:30 PM', { exact: true })).toBeVisible();
  await expect(slide.getByText('FREE')).toBeVisible();
  await expect(slide.getByRole('link', { name: /Avery/ })).toHaveAttribute('href', `/user/${aUser!.id}`);
  await expect(b.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Like toggles the heart and the count.
  await slide.getByRole('button', { name: 'Like' }).click();
  await expect(slide.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(slide.getByTestId('like-count')).toHaveText('1');
  await snap(b, testInfo, 'discover-slide');

  // The menu offers no Leave before joining; Join lands in the Pact's chat.
  await slide.getByRole('button', { name: 'More actions' }).click();
  await expect(b.getByRole('menuitem', { name: 'Report Challenge' })).toBeVisible();
  await expect(b.getByRole('menuitem', { name: 'Leave Challenge' })).toHaveCount(0);
  await b.keyboard.press('Escape');
  await slide.getByRole('button', { name: 'Join' }).click();
  await expect(b).toHaveURL(new RegExp(`/chat/${pactId}$`));

  // Back in Discover the slide opens the chat, and the menu now offers Leave.
  await b.goto('/challenges');
  const joined = await findSlide(b, title);
  await expect(joined.getByRole('button', { name: 'Open Chat' })).toBeVisible();
  await joined.getByRole('button', { name: 'More actions' }).click();
  await expect(b.getByRole('menuitem', { name: 'Leave Challenge' })).toBeVisible();

  // Report files once; a second report shows the server's answer.
  for (const expected of ['Report sent', 'You already reported this Pact']) {
    await b.getByRole('menuitem', { name: 'Report Challenge' }).click();
    const dialog = b.getByRole('dialog', { name: 'Report Challenge' });
    await dialog.getByLabel('Reason').fill('Looks like spam to me');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(b.getByText(expected, { exact: true })).toBeVisible();
    if (expected === 'Report sent') await expect(dialog).toBeHidden();
    else await dialog.getByRole('button', { name: 'Cancel' }).click();
    if (expected === 'Report sent') await joined.getByRole('button', { name: 'More actions' }).click();
  }

  // B's profile: nothing created, the liked Pact under Liked Pacts, the calendar and the friends hint.
  await b.goto('/profile');
  await expect(b.getByRole('heading', { name: 'Blake' })).toBeVisible();
  await expect(b.getByText('No challenges created yet')).toBeVisible();
  const liked = b.locator('section').filter({ has: b.getByRole('heading', { name: 'Liked Pacts' }) });
  await expect(liked.getByRole('article', { name: title })).toBeVisible();
  await expect(b.getByText('Add friends to see their challenges!')).toBeVisible();
  await expect(b.getByText('Become a Pro Creator')).toBeVisible();
  await snap(b, testInfo, 'profile-b');

  // A's page as B sees it: stats, the created Pact with Join, and Add Friend.
  await b.goto(`/user/${aUser!.id}`);
  await expect(b.getByRole('heading', { name: 'Avery Stone', level: 2 })).toBeVisible();
  for (const label of ['Total XP', 'Completed', 'Active', 'Rank'])
    await expect(b.getByText(label, { exact: true })).toBeVisible();
  const created = b
    .locator('section')
    .filter({ has: b.getByRole('heading', { name: 'Created Challenges' }) });
  await expect(created.getByText(title)).toBeVisible();
  await expect(created.getByRole('button', { name: `Join ${title}` })).toHaveText('Open');
  await b.getByRole('button', { name: 'Add Friend' }).click();
  await expect(b.getByText('Friend request sent', { exact: true })).toBeVisible();
  await expect(b.getByRole('button', { name: /^Request sent/ })).toBeVisible();
  // A accepts on B's page; B's button follows live.
  const bUser = await currentUser(b);
  await a.goto(`/user/${bUser!.id}`);
  await a.getByRole('button', { name: 'Accept friend request from Blake' }).click();
  await expect(a.getByText('You are now friends with Blake', { exact: true })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Friends' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
  await snap(b, testInfo, 'user-page-a');

  // Now friends: A is in B's profile strip and A's Pact shows under the Friends filter.
  await b.goto('/profile');
  await expect(b.getByRole('list', { name: 'Friends' }).getByRole('link', { name: /Avery/ })).toBeVisible();
  await b.goto('/challenges');
  await b.getByRole('radio', { name: 'Friends' }).click();
  await expect(b.getByRole('article', { name: title })).toBeVisible();

  // A's own profile shows the Pact under My Pacts; A's page has no Add Friend for A.
  await a.goto('/profile');
  const mine = a.locator('section').filter({ has: a.getByRole('heading', { name: 'My Pacts' }) });
  await expect(mine.getByRole('article', { name: title })).toBeVisible();
  await a.goto(`/user/${aUser!.id}`);
  await expect(a.getByRole('heading', { name: 'Avery Stone', level: 2 })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);

  // B ends the friendship from A's page: Add Friend comes back.
  await b.goto(`/user/${aUser!.id}`);
  await b.getByRole('button', { name: 'Friends' }).click();
  await b.getByRole('menuitem', { name: 'Unfriend' }).click();
  await expect(b.getByRole('button', { name: 'Add Friend' })).toBeVisible();

  // Leave from the Discover menu: the slide offers Join again.
  await b.goto('/challenges');
  const toLeave = await findSlide(b, title);
  await toLeave.getByRole('button', { name: 'More actions' }).click();
  await b.getByRole('menuitem', { name: 'Leave Challenge' }).click();
  await expect(b.getByText('Left challenge', { exact: true })).toBeVisible();
  await expect(toLeave.getByRole('button', { name: 'Join' })).toBeVisible();
});

test('the AI trainer page lists its five workouts and Join opens the chat; unknown users are not found', async ({
  browser,
}) => {
  const page = await newPhone(browser);
  await signUpViaUi(page, { firstName: 'Casey', lastName: 'Lane' });
  await page.goto('/user/ai-trainer');
  await expect(page.getByRole('heading', { name: 'AI Trainer', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
  await expect(page.getByText(/day streak/)).toHaveCount(0);
  const joins = page.getByRole('button', { name: /^Join / });
  await expect(joins).toHaveCount(5);
  await joins.first().click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);

  await page.goto('/user/nobody-by-this-id');
  await expect(page.getByText('User not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Profile header dialogs: invite link with Share and Copy Link, notifications, settings theme', async ({
  browser,
}) => {
  const page = await newPhone(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaUi(page, { firstName: 'Drew', lastName: 'Hill' });
  const me = await currentUser(page);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Invite friends' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Friends' });
  await expect(invite.getByLabel('Invite link')).toHaveValue(new RegExp(`/user/${me!.id}$`));
  await invite.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/user/${me!.id}$`));
  await invite.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await settings.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(settings.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
});

test('a slide plays its tutorial clip, a Pact without one shows its poster, and a broken tutorial retries twice and then offers Retry', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPhone(browser);
  await signUpViaUi(page, { firstName: 'Emery', lastName: 'Vale' });
  const good = `Good Video ${Date.now().toString(36)}`;
  const broken = `Broken Video ${Date.now().toString(36)}`;
  const plain = `No Video ${Date.now().toString(36)}`;
  await createPublicPact(page, good, '/samples/squats.mp4');
  await createPublicPact(page, broken, '/samples/missing-video.mp4');
  await createPublicPact(page, plain);
  // The retry labels show for 1 s and 2 s; on a busy machine finding the slide can take longer than both, so every
  // label the page ever shows is recorded from the start instead of looked for once the slide is found.
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { retryLabels: Set<string> }).retryLabels = seen;
    new MutationObserver(() => {
      for (const label of document.body?.textContent?.match(/Retry \d\/2/g) ?? []) seen.add(label);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/challenges');

  const brokenSlide = await findSlide(page, broken);
  await expect(brokenSlide.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 15_000 });
  expect(
    await page.evaluate(() => [...(window as unknown as { retryLabels: Set<string> }).retryLabels].sort()),
  ).toEqual(['Retry 1/2', 'Retry 2/2']);
  await expect(brokenSlide.getByText('Loading video...')).toHaveCount(0);
  await brokenSlide.getByRole('button', { name: 'Retry' }).click();
  await expect(brokenSlide.getByText('Loading video...')).toBeVisible();

  // A Pact without a tutorial shows its designed poster, never a stand-in video.
  const plainSlide = await findSlide(page, plain);
  await expect(plainSlide.getByTestId('pact-poster')).toBeVisible();
  await expect(plainSlide.getByText('30 squats')).toBeVisible();
  await expect(plainSlide.getByText('Mon, Wed, Fri · 6:30 PM')).toBeVisible();
  await expect(plainSlide.locator('video')).toHaveCount(0);

  // The clip of a healthy Pact loads and plays while its slide is in view.
  const goodSlide = await findSlide(page, good);
  const video = goodSlide.locator('video');
  await expect(video).toHaveAttribute('src', '/samples/squats.mp4');
  await expect(video).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop)).toBe(true);
});
