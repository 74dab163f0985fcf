import { expect, test } from '@playwright/test';
import { expectSignInScreen, tryDemo } from './support/app';
import { axeViolations } from './support/axe';

// WCAG 2.1 A and AA rules from axe-core on the screens every visitor meets first, in the default dark theme.

test('signed-out screens have no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/register');
  await expectSignInScreen(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/policy');
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/deletemydata');
  await expect(page.getByRole('button', { name: 'Submit Deletion Request' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('home and settings have no WCAG A/AA violations', async ({ page }) => {
  await tryDemo(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Analytics' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the sign-in screen has no WCAG A/AA violations in the light theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto('/register');
  await expectSignInScreen(page);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await axeViolations(page)).toEqual([]);
});

test('a signed-out visitor sees the sign-in screen with no console error and no failed request', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expectSignInScreen(page);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
