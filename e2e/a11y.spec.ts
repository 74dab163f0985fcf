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
