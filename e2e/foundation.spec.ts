import { expect, test } from '@playwright/test';
import {
  bottomNav,
  currentUser,
  dateOfBirthForAge,
  expectHome,
  expectSignInScreen,
  fillSignUp,
  signInReload,
  snap,
  tryDemo,
} from './support/app';

// SPEC 2 "Route sets": a signed-out visitor gets /policy, /deletemydata and the sign-in screen everywhere else.
test.describe('signed out', () => {
  for (const path of ['/register', '/', '/some/unknown/path']) {
    test(`${path} shows the sign-in screen`, async ({ page }, testInfo) => {
      await page.goto(path);
      await expectSignInScreen(page);
      for (const provider of ['Google', 'Apple', 'Facebook']) {
        await expect(page.getByRole('button', { name: `Continue with ${provider} - Soon` })).toBeDisabled();
      }
      await expect(bottomNav(page)).toHaveCount(0);
      if (path === '/register') await snap(page, testInfo, 'sign-in-screen');
    });
  }

  test("the page's own splash stays, the same element, until the first screen replaces it", async ({
    page,
  }, testInfo) => {
    // The session check answers only when the test lets it. React asks it once its first screen has committed.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let asked: () => void = () => {};
    const checking = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route('**/api/auth/session', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForSelector('#splash p');
    await page.evaluate(() => {
      (document.getElementById('splash') as HTMLElement & { kept?: boolean }).kept = true;
    });
    await checking;
    await page.waitForTimeout(200);
    // React has run and drew no second splash over index.html's: the page's element is still the one on screen.
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(1);
    await expect(page.locator('#root')).toBeEmpty();
    expect(
      await page.evaluate(() => (document.getElementById('splash') as { kept?: boolean } | null)?.kept),
    ).toBe(true);
    await snap(page, testInfo, 'splash-while-the-session-is-checked');
    answer();
    await expectSignInScreen(page);
    await expect(page.locator('#splash')).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  });

  test('/policy shows the five sections', async ({ page }, testInfo) => {
    await page.goto('/policy');
    for (const title of [
      'Privacy Policy',
      'Terms of Service',
      'Community Guidelines',
      'Data Deletion and Your Rights',
      'Contact Information',
    ]) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Try Demo')).toHaveCount(0);
    await snap(page, testInfo, 'policy');
  });

  test('/deletemydata shows the deletion form', async ({ page }, testInfo) => {
    await page.goto('/deletemydata');
    await expect(page.getByRole('checkbox', { name: /Delete Entire Account/ })).toBeVisible();
    for (const label of [
      'Profile Information',
      'Workout History',
      'Social Data',
      'Chat Messages',
      'Uploaded Media',
    ]) {
      await expect(page.getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    await expect(page.getByLabel('Contact Email')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Submit Deletion Request' })).toBeDisabled();
    await snap(page, testInfo, 'deletemydata-signed-out');
  });
});

test.describe('accounts', () => {
  test('Try Demo lands on home with the bottom navigation', async ({ page }, testInfo) => {
    await tryDemo(page);
    expect((await currentUser(page))?.isDemo).toBe(true);
    await snap(page, testInfo, 'demo-home');
  });

  test('sign-up with email, password and date of birth, then names, lands on home', async ({
    page,
  }, testInfo) => {
    const creds = await fillSignUp(page);
    await creds.settled;
    const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await expect(dialog).toBeVisible();
    // Both names are required: the button stays disabled and the dialog says why.
    const create = dialog.getByRole('button', { name: 'Create Account' });
    await expect(create).toBeDisabled();
    await expect(dialog.getByText('Please enter both first and last name')).toBeVisible();
    await dialog.getByLabel('First Name').fill('Robin');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Last Name').fill('   ');
    await expect(create).toBeDisabled();
    await snap(page, testInfo, 'complete-profile');
    await dialog.getByLabel('Last Name').fill('Sprinter');
    await create.click();
    await expect(dialog).toBeHidden();
    await expectHome(page);
    const me = await currentUser(page);
    expect(me).toMatchObject({ email: creds.email, isDemo: false });
    await snap(page, testInfo, 'signed-up-home');

    // The account works again after signing out: sign in with the same email and password.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel('Email').fill(creds.email);
    await page.getByLabel('Password', { exact: true }).fill(creds.password);
    const signedIn = signInReload(page);
    await page.locator('form button[type="submit"]', { hasText: 'Sign in' }).click();
    await signedIn;
    await expectHome(page);
    await expect(page.getByRole('dialog', { name: 'Complete Your Profile' })).toHaveCount(0);
    expect((await currentUser(page))?.email).toBe(creds.email);
  });

  test('under-13 sign-up is refused and no account is created', async ({ page }, testInfo) => {
    const creds = await fillSignUp(page, { dateOfBirth: dateOfBirthForAge(12) });
    await expect(page.getByRole('alert').filter({ hasText: 'at least 13 years old' })).toBeVisible();
    await snap(page, testInfo, 'under-13-refused');
    await expectSignInScreen(page);
    expect(await currentUser(page)).toBeNull();
    // No account was made: signing in with the same credentials is refused too.
    const res = await page.request.post('/api/auth/email', {
      data: { email: creds.email, password: creds.password },
    });
    expect(res.status()).toBe(401);
  });

  test('an unknown signed-in path shows Page Not Found', async ({ page }, testInfo) => {
    await tryDemo(page);
    await page.goto('/some/unknown/path');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await snap(page, testInfo, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expectHome(page);
  });

  test('Sign Out leads to /register and ends the session', async ({ page }, testInfo) => {
    await tryDemo(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expectSignInScreen(page);
    expect(await currentUser(page)).toBeNull();
    await page.reload();
    await expectSignInScreen(page);
    await snap(page, testInfo, 'signed-out');
  });
});
