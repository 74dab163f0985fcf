import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createPact, joinPact, myId, newPhone, postProof } from './progress-seed';
import { apiCall, fillSignUp, tryDemo } from './support/app';

/**
 * People (issue 29, items 5, 7 and 8): a chosen @username checked as typed, a profile photo seen by others, the
 * creator told of a proof to review, and Try Demo visitors who never see each other. Screens are captured at 390
 * and 320 px wide in both themes into /work/wt/_shots/people (SHOTS_DIR).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/_shots/people';

/** The screen now at 390 px, then at 320 px, in dark and light. */
async function shots(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`) });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(wide, `${name} at ${width} px scrolls sideways`).toBe(false);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark');
    document.documentElement.classList.add('dark');
  });
}

async function demoPhone(browser: Browser): Promise<Page> {
  const page = await newPhone(browser);
  await tryDemo(page);
  return page;
}

test('two demo visitors in the same public Pact never see each other', async ({ browser }) => {
  test.setTimeout(300_000);
  const a = await demoPhone(browser);
  const b = await demoPhone(browser);
  const [aId, bId] = [await myId(a), await myId(b)];
  expect(aId).not.toBe(bId);
  // Both join the AI trainer's first public Pact; A says hello in its chat.
  const trainer = (await apiCall(a, 'GET', '/api/users/ai-trainer')).body as {
    createdChallenges: { id: number }[];
  };
  const pactId = trainer.createdChallenges[0]!.id;
  await joinPact(a, pactId);
  await joinPact(b, pactId);
  await a.goto(`/chat/${pactId}`);
  const hello = `Visitor A says hi ${Date.now().toString(36)}`;
  await a.getByPlaceholder('Type your message...').fill(hello);
  await a.getByPlaceholder('Type your message...').press('Enter');
  await expect(a.getByText(hello)).toBeVisible();
  // The trainer answers A; the reply stays in A's sandbox (docs/RULES.md "A reply goes with its addressee").
  let toA = '';
  await expect
    .poll(async () => {
      const items = (
        (await apiCall(a, 'GET', `/api/challenges/${pactId}/messages`)).body as {
          items: { id: number; userId: string; message: string }[];
        }
      ).items;
      const mine = items.find((m) => m.message === hello);
      toA = items.find((m) => m.userId === 'ai-trainer' && mine && m.id > mine.id)?.message ?? '';
      return toA;
    })
    .not.toBe('');
  await expect(a.getByText(toA)).toBeVisible();

  await b.goto(`/chat/${pactId}`);
  await expect(b.getByRole('navigation', { name: 'Participants' })).toBeVisible();
  await expect(
    b.getByRole('navigation', { name: 'Participants' }).locator(`a[href="/user/${bId}"]`),
  ).toHaveCount(1);
  await expect(b.locator(`a[href="/user/${aId}"]`)).toHaveCount(0);
  await expect(b.getByText(hello)).toHaveCount(0);
  await expect(b.getByText(toA)).toHaveCount(0);
  await shots(b, 'demo-b-trainer-chat');
  // Live too: A's next message never reaches B's open chat.
  const again = `Visitor A again ${Date.now().toString(36)}`;
  await a.getByPlaceholder('Type your message...').fill(again);
  await a.getByPlaceholder('Type your message...').press('Enter');
  await expect(a.getByText(again)).toBeVisible();
  await b.waitForTimeout(1500);
  await expect(b.getByText(again)).toHaveCount(0);

  // A's page does not exist for B.
  await b.goto(`/user/${aId}`);
  await expect(b.getByText('User not found')).toBeVisible();

  // B's own sample friend: a readable handle, no Add Friend anywhere a demo cannot add one.
  const friends = (await apiCall(b, 'GET', '/api/user/friends')).body as { id: string; username: string }[];
  const maya = friends.find((f) => f.username.startsWith('maya.'))!;
  expect(maya.username).toMatch(/^maya\.chen\.\d+$/);
  await b.goto(`/user/${maya.id}`);
  await expect(b.getByText(`@${maya.username}`)).toBeVisible();
  await expect(b.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
  await shots(b, 'demo-b-friend-page');
  // A real person's page (the trainer Pact's creator is the trainer; use a real user who signed up).
  const real = await newPhone(browser);
  const creds = await fillSignUp(real);
  await creds.settled;
  const dialog = real.getByRole('dialog', { name: 'Complete Your Profile' });
  await dialog.getByLabel('First Name').fill('Robin');
  await dialog.getByLabel('Last Name').fill('Real');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  const realId = await myId(real);
  await b.goto(`/user/${realId}`);
  await expect(b.getByRole('main').getByRole('heading', { name: 'Robin Real' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
  await shots(b, 'demo-b-real-user-page');
  // The real person never sees either visitor.
  expect((await apiCall(real, 'GET', `/api/users/${aId}`)).status).toBe(404);
});

test('a chosen username, checked as typed, and a profile photo others see', async ({ browser }) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36).slice(-6);
  // The first person takes a name.
  const first = await newPhone(browser);
  const one = await fillSignUp(first);
  await one.settled;
  const d1 = first.getByRole('dialog', { name: 'Complete Your Profile' });
  await d1.getByLabel('First Name').fill('Jordan');
  await d1.getByLabel('Last Name').fill('Lee');
  await d1.getByLabel('Username').fill(`jordan.${tag}`);
  await expect(d1.getByText(`@jordan.${tag} is available`)).toBeVisible();
  await d1.getByRole('button', { name: 'Create Account' }).click();
  await expect(d1).toBeHidden();
  const firstId = await myId(first);

  // The second person meets every rule as they type it.
  const second = await newPhone(browser, 'light');
  const two = await fillSignUp(second);
  await two.settled;
  const d2 = second.getByRole('dialog', { name: 'Complete Your Profile' });
  await d2.getByLabel('First Name').fill('Sam');
  await d2.getByLabel('Last Name').fill('Rivera');
  const field = d2.getByLabel('Username');
  await field.fill('ab');
  await expect(d2.getByText('Use at least 3 characters')).toBeVisible();
  await expect(d2.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await field.fill('admin');
  await expect(d2.getByText('That username is reserved')).toBeVisible();
  await field.fill(`Jordan.${tag}`);
  await expect(d2.getByText('That username is taken')).toBeVisible();
  await expect(d2.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await shots(second, 'signup-username-taken');
  await field.fill(`sam.${tag}`);
  await expect(d2.getByText(`@sam.${tag} is available`)).toBeVisible();
  await shots(second, 'signup-username-available');
  await d2.getByRole('button', { name: 'Create Account' }).click();
  await expect(d2).toBeHidden();
  await second.goto('/profile');
  await expect(second.getByText(`@sam.${tag}`)).toBeVisible();

  // Edit profile: a new photo (cropped square) and another username.
  await second.getByRole('button', { name: 'Edit profile' }).click();
  const edit = second.getByRole('dialog', { name: 'Edit profile' });
  await edit.getByTestId('avatar-file').setInputFiles(path.resolve('client/public/samples/squats.jpg'));
  await expect(edit.getByRole('button', { name: 'Profile photo' })).toBeEnabled({ timeout: 20_000 });
  await edit.getByLabel('Username').fill(`sam_rivera.${tag}`);
  await expect(edit.getByText(`@sam_rivera.${tag} is available`)).toBeVisible();
  await shots(second, 'edit-profile-photo-username');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(second.getByText(`@sam_rivera.${tag}`)).toBeVisible();
  const photo = second.locator('main img[src^="/media/"]').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shots(second, 'profile-with-photo');

  // Jordan sees Sam's photo and new handle on Sam's page.
  const secondId = await myId(second);
  await first.goto(`/user/${secondId}`);
  await expect(first.getByText(`@sam_rivera.${tag}`)).toBeVisible();
  const seen = first.locator('main img[src^="/media/"]').first();
  await expect(seen).toBeVisible();
  await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shots(first, 'other-user-sees-photo');
  expect(firstId).not.toBe(secondId);
});

test("a creator is told of a member's proof to review, and the notification opens the chat at it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const creator = await newPhone(browser);
  const c = await fillSignUp(creator);
  await c.settled;
  const dc = creator.getByRole('dialog', { name: 'Complete Your Profile' });
  await dc.getByLabel('First Name').fill('Casey');
  await dc.getByLabel('Last Name').fill('Coach');
  await dc.getByRole('button', { name: 'Create Account' }).click();
  await expect(dc).toBeHidden();
  const title = `Review Squats ${Date.now().toString(36)}`;
  const pactId = await createPact(creator, { title, visibility: 'public' });

  const member = await newPhone(browser);
  const m = await fillSignUp(member);
  await m.settled;
  const dm = member.getByRole('dialog', { name: 'Complete Your Profile' });
  await dm.getByLabel('First Name').fill('Morgan');
  await dm.getByLabel('Last Name').fill('Member');
  await dm.getByRole('button', { name: 'Create Account' }).click();
  await expect(dm).toBeHidden();
  await joinPact(member, pactId);
  const proofId = await postProof(member, pactId, 30);
  expect(proofId).toBeGreaterThan(0);

  await creator.goto('/profile');
  const bell = creator.getByRole('button', { name: /Notifications, \d+ unread/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const dialog = creator.getByRole('dialog', { name: 'Notifications' });
  const note = dialog.getByText(`Morgan posted proof in ${title}: review it`);
  await expect(note).toBeVisible();
  await shots(creator, 'creator-review-notification');
  await note.click();
  await expect(creator).toHaveURL(new RegExp(`/chat/${pactId}#message-\\d+$`));
  await expect(creator.getByRole('button', { name: /Approve/ }).first()).toBeVisible({ timeout: 15_000 });
  await shots(creator, 'creator-chat-at-proof');
});
