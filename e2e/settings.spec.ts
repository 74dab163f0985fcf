import { expect, type Page, test } from '@playwright/test';
import { signUpViaUi, snap, tryDemo } from './support/app';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

test('the theme survives a reload (dark by default, kept under "theme")', async ({ page }, testInfo) => {
  await tryDemo(page);
  await page.goto('/settings');
  await expect(page.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(true);

  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('light');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(false);
  await snap(page, testInfo, 'settings-light');

  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(true);
  expect(await storedTheme(page)).toBe('dark');

  // By keyboard, as a radio group: the chosen option is the one Tab stop, and the arrows move the choice.
  await page.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeFocused();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('the Privacy & Data toggles persist across a reload', async ({ page }, testInfo) => {
  await tryDemo(page);
  await page.goto('/settings');
  const labels = ['Workout Notifications', 'Analytics', 'Marketing Communications'];
  const toggles = labels.map((name) => page.getByRole('switch', { name }));
  // SPEC 2 defaults: notifications on, analytics and marketing off.
  await expect(toggles[0]!).toBeChecked();
  await expect(toggles[1]!).not.toBeChecked();
  await expect(toggles[2]!).not.toBeChecked();

  for (const toggle of toggles) {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH',
    );
    await toggle.click();
    expect((await saved).ok()).toBe(true);
  }
  await page.reload();
  await expect(toggles[0]!).not.toBeChecked();
  await expect(toggles[1]!).toBeChecked();
  await expect(toggles[2]!).toBeChecked();
  await snap(page, testInfo, 'settings-toggled');

  // And back, so both directions are proven to be stored.
  await toggles[1]!.click();
  await expect(toggles[1]!).not.toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get('/api/user/settings')).json()).analytics)
    .toBe(false);
  await page.reload();
  await expect(toggles[1]!).not.toBeChecked();
  await expect(toggles[0]!).not.toBeChecked();
});

test('Edit profile: the name and bio change on Profile and stay after a reload; a blank name is refused', async ({
  page,
}, testInfo) => {
  await signUpViaUi(page, { firstName: 'Avery', lastName: 'Stone' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Avery', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  const save = dialog.getByRole('button', { name: 'Save' });
  // Nothing changed yet: nothing to save.
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Last Name').fill('   ');
  await expect(dialog.getByRole('alert')).toHaveText('Please enter both first and last name');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Last Name').fill('Rivers');
  await dialog.getByLabel('First Name').fill('Ava');
  await dialog.getByLabel(/^Bio/).fill('Training for my first 10K');
  await snap(page, testInfo, 'edit-profile');
  await save.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ava', exact: true })).toBeVisible();
  await expect(page.getByText('Training for my first 10K')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ava', exact: true })).toBeVisible();
  await expect(page.getByText('Training for my first 10K')).toBeVisible();
  // A bio can be cleared.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await dialog.getByLabel(/^Bio/).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Training for my first 10K')).toHaveCount(0);
});
