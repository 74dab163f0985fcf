import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { TestIdentity } from '../server/modules/auth/test-oidc-provider';
import { bottomNav, dateOfBirthForAge, snap, strongPassword, uniqueEmail } from './support/app';
import { axeViolations } from './support/axe';
import { type ProviderApp, startProviderApp } from './support/provider-app';

// Provider sign-in, end to end: the app (its own instance, Google configured) against a real OpenID Connect
// provider started here, whose consent page has "Allow" and "Deny" buttons.
test.describe.configure({ mode: 'default' });

let app: ProviderApp;
test.beforeAll(async () => {
  test.setTimeout(360_000);
  app = await startProviderApp();
});
test.afterAll(async () => {
  await app?.close();
});

const FAILED = 'Authentication failed. Please try again.';

function person(overrides: Partial<TestIdentity> = {}): TestIdentity {
  const tag = randomBytes(4).toString('hex');
  return {
    sub: `e2e-${tag}`,
    email: uniqueEmail('provider'),
    emailVerified: true,
    givenName: 'Robin',
    familyName: 'Provider',
    ...overrides,
  };
}

async function openSignIn(page: Page) {
  await page.goto(`${app.url}/register`);
  await expect(page.getByText('Choose your sign-in method')).toBeVisible();
}

/** "Continue with Google", then the provider's consent page (when it asks). */
async function continueWithGoogle(page: Page, consent: 'Allow' | 'Deny' | 'none' = 'Allow') {
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  if (consent !== 'none') await page.getByRole('button', { name: consent }).click();
}

/** The app's answer to the provider's redirect: where it sends the browser (e.g. the failure and its reason). */
function callbackAnswer(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => r.url().startsWith(`${app.url}/api/auth/callback/google`))
    .then((r) => r.headers().location ?? '');
}

async function expectHomeAt(page: Page) {
  await expect(page).toHaveURL(`${app.url}/`);
  await expect(bottomNav(page).getByRole('link', { name: 'Discover', exact: true })).toBeVisible();
}

async function signedInEmail(page: Page): Promise<string | null> {
  const res = await page.request.get(`${app.url}/api/auth/user`);
  return res.ok() ? (await res.json()).user.email : null;
}

test('a new user signs in with Google, gives a date of birth, and lands at Home', async ({
  page,
}, testInfo) => {
  const who = person();
  app.oidc.nextLogin(who);
  await openSignIn(page);
  await expect(page.getByRole('button', { name: 'Continue with Apple - Soon' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue with Facebook - Soon' })).toBeDisabled();
  await snap(page, testInfo, 'sign-in-google-configured');
  await continueWithGoogle(page);

  await expect(page.getByRole('heading', { name: 'One last step' })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await expect(page.getByText('Choose your sign-in method')).toBeHidden();
  // No account exists yet.
  expect(await signedInEmail(page)).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'date-of-birth-step');

  await page.getByLabel('Date of birth').fill(dateOfBirthForAge(30));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectHomeAt(page);
  // The names came from the provider: no "Complete Your Profile".
  await expect(page.getByRole('dialog', { name: 'Complete Your Profile' })).toHaveCount(0);
  expect(await signedInEmail(page)).toBe(who.email);
});

test('a returning user signs in with Google straight to Home', async ({ page }) => {
  const who = person();
  app.oidc.nextLogin(who);
  await openSignIn(page);
  await continueWithGoogle(page);
  await page.getByLabel('Date of birth').fill(dateOfBirthForAge(40));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectHomeAt(page);

  const out = await page.request.post(`${app.url}/api/auth/logout`, { headers: { origin: app.url } });
  expect(out.ok()).toBe(true);
  await openSignIn(page);
  // The provider remembers this browser and the consent: no page there, and no date-of-birth step here.
  await continueWithGoogle(page, 'none');
  await expectHomeAt(page);
  expect(await signedInEmail(page)).toBe(who.email);
});

test('a new user under the minimum age gets no account', async ({ page }) => {
  const who = person();
  app.oidc.nextLogin(who);
  await openSignIn(page);
  await continueWithGoogle(page);
  await page.getByLabel('Date of birth').fill(dateOfBirthForAge(12));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You must be at least 13 years old to use SweatPact. No account was created.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.getByText('Choose your sign-in method')).toBeVisible();
  expect(await signedInEmail(page)).toBeNull();
});

test('denying consent at the provider comes back to "Authentication failed"', async ({ page }, testInfo) => {
  app.oidc.nextLogin(person());
  await openSignIn(page);
  const answer = callbackAnswer(page);
  await continueWithGoogle(page, 'Deny');
  expect(await answer).toBe('/register?auth_error=access_denied&provider=google');
  await expect(page.getByRole('alert')).toHaveText(FAILED);
  await expect(page).toHaveURL(`${app.url}/register`);
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'provider-sign-in-failed');
  expect(await signedInEmail(page)).toBeNull();
});

test('an answer with a tampered state is refused', async ({ page }) => {
  app.oidc.nextLogin(person());
  // The state in the redirect to the provider is swapped on its way: the provider hands back one the app never
  // issued to this browser.
  await page.route(`${app.url}/api/auth/oauth/google`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(response.headers().location ?? '');
    location.searchParams.set('state', 'tampered-state');
    return route.fulfill({ response, headers: { ...response.headers(), location: location.toString() } });
  });
  await openSignIn(page);
  const answer = callbackAnswer(page);
  await continueWithGoogle(page);
  expect(await answer).toBe('/register?auth_error=invalid_state&provider=google');
  await expect(page.getByRole('alert')).toHaveText(FAILED);
  expect(await signedInEmail(page)).toBeNull();
});

test('an unverified Google email that a password account uses is refused, and the account is untouched', async ({
  page,
}) => {
  const email = uniqueEmail('owner');
  const password = strongPassword();
  const created = await page.request.post(`${app.url}/api/auth/signup`, {
    headers: { origin: app.url },
    data: { email, password, dateOfBirth: dateOfBirthForAge(30), firstName: 'Pat', lastName: 'Owner' },
  });
  expect(created.ok()).toBe(true);
  await page.context().clearCookies();

  app.oidc.nextLogin(person({ email, emailVerified: false }));
  await openSignIn(page);
  const answer = callbackAnswer(page);
  await continueWithGoogle(page);
  expect(await answer).toBe('/register?auth_error=email_not_verified&provider=google');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(FAILED);
  await expect(alert).toContainText('Google has not verified this email address');
  expect(await signedInEmail(page)).toBeNull();

  // The owner still signs in with the password.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form button[type="submit"]', { hasText: 'Sign in' }).click();
  await expect.poll(() => signedInEmail(page)).toBe(email);
});
