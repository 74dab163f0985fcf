import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectSignInScreen, tryDemo } from './support/app';

// WCAG 2.1 A and AA rules from axe-core on the screens every visitor meets first, in the default dark theme.
const scan = (page: import('@playwright/test').Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

const summary = (violations: Awaited<ReturnType<typeof scan>>['violations']) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('signed-out screens have no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/register');
  await expectSignInScreen(page);
  expect(summary((await scan(page)).violations)).toEqual([]);

  await page.goto('/policy');
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  expect(summary((await scan(page)).violations)).toEqual([]);

  await page.goto('/deletemydata');
  await expect(page.getByRole('button', { name: 'Submit Deletion Request' })).toBeVisible();
  expect(summary((await scan(page)).violations)).toEqual([]);
});

test('home and settings have no WCAG A/AA violations', async ({ page }) => {
  await tryDemo(page);
  expect(summary((await scan(page)).violations)).toEqual([]);
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Analytics' })).toBeVisible();
  expect(summary((await scan(page)).violations)).toEqual([]);
});

test('the sign-in screen has no WCAG A/AA violations in the light theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto('/register');
  await expectSignInScreen(page);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(summary((await scan(page)).violations)).toEqual([]);
});
