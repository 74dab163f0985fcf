import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mailedLink, outboxOf } from './outbox';

/** A fresh address per call, so every journey owns its account and tests never depend on each other. */
export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

/** A password that passes the server's rules (length, not common, not the email). */
export function strongPassword(): string {
  return `Sweat-${randomBytes(6).toString('hex')}-Pact!`;
}

/** An ISO date of birth for someone who turned `years` old a few weeks ago (UTC, as the server computes ages). */
export function dateOfBirthForAge(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 20);
  return d.toISOString().slice(0, 10);
}

/** A call to the app's API from the page (its session cookie and origin): the status and the JSON answer. */
export async function apiCall(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, url, body },
  );
}

/** Saves a full-page screenshot as test-results/<test>/<name>.png and attaches it to the report. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The sign-in screen of SPEC 2, as a signed-out visitor sees it on every path but /policy and /deletemydata. */
export async function expectSignInScreen(page: Page): Promise<void> {
  await expect(page.getByText('Workout challenges with friends')).toBeVisible();
  await expect(page.getByText('Choose your sign-in method')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Demo' })).toBeEnabled();
}

/** The bottom navigation of SPEC 2 with DECISIONS 1's words. */
export function bottomNav(page: Page) {
  return page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Discover' }) });
}

/** Home (/) for a signed-in user: the URL is / and the bottom navigation shows its four entries. */
export async function expectHome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  const nav = bottomNav(page);
  for (const label of ['Pacts', 'Discover', 'Leaders', 'Profile']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
}

/**
 * Starts waiting for the reload that follows a successful sign-in (SPEC 7: refetch the user, then reload after
 * 0.3 s). Awaiting it before typing keeps the reload from wiping what a test types. `optional` tolerates no reload.
 */
export function signInReload(page: Page, { optional = false } = {}): Promise<void> {
  const loaded = page.waitForEvent('load', { timeout: optional ? 5_000 : 20_000 }).then(() => undefined);
  return optional ? loaded.catch(() => undefined) : loaded;
}

/**
 * Gives this page its own client address, as each real phone has (the server takes it from X-Forwarded-For, as
 * behind its proxy). The server's per-address limits (20 sign-ups an hour, 60 demo sign-ins in 15 minutes) stay
 * on and apply per journey, instead of to the whole suite, which otherwise shares one localhost address.
 */
export async function ownAddress(page: Page): Promise<void> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
}

/** Try Demo from the sign-in screen; lands on home as a fresh demo user with a seeded sandbox. */
export async function tryDemo(page: Page): Promise<void> {
  await ownAddress(page);
  await page.goto('/');
  const reloaded = signInReload(page);
  await page.getByRole('button', { name: 'Try Demo' }).click();
  await reloaded;
  await expectHome(page);
  await quietTodaysReminders(page);
}

/**
 * The demo's Pacts have workout times (7:00 AM and 6:30 PM), so a journey run around them met the workout reminder:
 * its card sat over the screen it was testing. Marks today's reminders as shown and dismissed, as a person who had
 * dismissed them would have them (the reminder journey tests the reminder itself, on its own clock).
 */
async function quietTodaysReminders(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const res = await fetch('/api/user/reminders', { credentials: 'include' });
    if (!res.ok) throw new Error(`GET /api/user/reminders answered ${res.status}`);
    const { date, items } = (await res.json()) as { date: string; items: { challengeId: number }[] };
    const keys = JSON.stringify(items.map((item) => `${date}:${item.challengeId}`));
    localStorage.setItem('sweatpact:reminders-fired', keys);
    localStorage.setItem('sweatpact:reminders-dismissed', keys);
  });
  // Already on screen (the card, a toast): a reload starts the screen without them.
  const reminder = page.getByRole('complementary', { name: 'Workout reminder' });
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText('Workout Time!');
  if ((await reminder.count()) + (await toast.count()) > 0) {
    await page.reload();
    await expectHome(page);
  }
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  dateOfBirth?: string;
}

/**
 * Fills and sends the email sign-up form on the sign-in screen. It stops there: the caller checks what follows
 * (the "Complete Your Profile" dialog, or a refusal). Returns the credentials used and `settled`.
 */
export async function fillSignUp(page: Page, opts: SignUpOptions = {}) {
  const creds = {
    email: opts.email ?? uniqueEmail(),
    password: opts.password ?? strongPassword(),
    dateOfBirth: opts.dateOfBirth ?? dateOfBirthForAge(25),
  };
  await ownAddress(page);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account', exact: true }).first().click();
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByLabel('Date of birth').fill(creds.dateOfBirth);
  const settled = signInReload(page, { optional: true });
  await page.locator('form button[type="submit"]', { hasText: 'Continue' }).click();
  // `settled`: resolves after the post-sign-up reload (or 5 s without one, e.g. when the sign-up is refused).
  return { ...creds, settled };
}

/**
 * The whole sign-up journey: email form, then the "Complete Your Profile" names, then home.
 * The e2e server keeps its rate limits on; each journey signs up from its own address (`ownAddress`).
 */
export async function signUpViaUi(
  page: Page,
  opts: SignUpOptions & { firstName?: string; lastName?: string; verify?: boolean } = {},
) {
  const creds = await fillSignUp(page, opts);
  await creds.settled;
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First Name').fill(opts.firstName ?? 'Casey');
  await dialog.getByLabel('Last Name').fill(opts.lastName ?? 'Runner');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  await expectHome(page);
  if (opts.verify !== false) await verifyFromOutbox(page, creds.email);
  return creds;
}

/**
 * Follows the verification link mailed at sign-up (the server's outbox), as the person would from their inbox,
 * and comes back home: team trials and the Pro waitlist need a verified address (docs/AUTH.md).
 */
export async function verifyFromOutbox(page: Page, email: string): Promise<void> {
  const link = await mailedLink(outboxOf(page), email, 'Verify your SweatPact email address', 'verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/');
  await expectHome(page);
}

/** ADMIN_EMAILS of the e2e servers (e2e/support/web-server.mjs). */
export const ADMIN_EMAIL = 'e2e-admin@example.com';
/** One password for it, whichever journey signs it up first on a shared server. */
export const ADMIN_PASSWORD = 'Sweat-e2e-admin-Pact!';

/**
 * A signed-in admin on a phone of its own (the account named in ADMIN_EMAILS): signed up through the API and
 * verified from the mailed link on a server's first call, signed in on later ones. Admin rights need a verified
 * address (docs/SECURITY.md).
 */
export async function adminPage(browser: Browser, forwardedFor: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor },
  });
  const page = await context.newPage();
  await page.goto('/policy');
  const credentials = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const signUp = await apiCall(page, 'POST', '/api/auth/signup', {
    ...credentials,
    dateOfBirth: '1985-05-05',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  if (signUp.status >= 300)
    expect((await apiCall(page, 'POST', '/api/auth/email', credentials)).status).toBe(200);
  else await verifyFromOutbox(page, ADMIN_EMAIL);
  return page;
}

/** Reads the signed-in user through the page's own cookies (null when signed out). */
export async function currentUser(
  page: Page,
): Promise<{ id: string; email: string; isDemo: boolean } | null> {
  const res = await page.request.get('/api/auth/user');
  if (res.status() === 401) return null;
  expect(res.ok(), `GET /api/auth/user answered ${res.status()}`).toBe(true);
  return (await res.json()).user;
}

/** Whether two elements' boxes overlap on screen. */
export async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}
