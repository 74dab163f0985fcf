import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { snap, tryDemo } from './support/app';

/** Names of the entries of a zip file. */
function entryNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('Settings downloads a zip of my data, with progress on screen', async ({ page }, testInfo) => {
  await tryDemo(page);
  await page.goto('/settings');
  // Slow the answer down a little so the progress is seen.
  await page.route('**/api/user/export', async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 800));
    await route.fulfill({ response });
  });
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download my data/ }).click();
  await expect(page.getByText('Preparing your data...')).toBeVisible();
  await snap(page, testInfo, 'export-progress');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^sweatpact-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = testInfo.outputPath('export.zip');
  await download.saveAs(file);
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  const names = await entryNames(file);
  expect(names).toEqual(expect.arrayContaining(['README.json', 'account.json', 'chat-messages.json']));
  await expect(page.getByText('Your data is ready', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'export-done');
});
