import { expect, test } from '@playwright/test';
import { createPact, joinPact, newPhone, postProof } from './progress-seed';
import { signUpViaUi, snap } from './support/app';
import { messageWithText, openChat } from './support/chat';

/**
 * Screens follow the server (docs/CLIENT.md, Freshness): the author has Profile open in one browser, the creator
 * approves the proof in another, and the author's streak, points and level move without a reload.
 */
test("the author's Profile streak moves live when their proof is approved elsewhere", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const creator = await newPhone(browser);
  await signUpViaUi(creator, { firstName: 'Cora', lastName: 'Lane' });
  const pactId = await createPact(creator, { title: `Live squats ${Date.now().toString(36)}` });

  const author = await newPhone(browser);
  await signUpViaUi(author, { firstName: 'Aiden', lastName: 'Moss' });
  await joinPact(author, pactId);
  await postProof(author, pactId, 30, 4321);

  await author.goto('/profile');
  const streak = author.getByTestId('profile-streak');
  await expect(streak).toHaveText('0');
  await expect(author.getByTestId('profile-freezes')).toHaveText('Streak freezes: 0 of 2');
  await snap(author, testInfo, '01-author-profile-before');

  await openChat(creator, pactId);
  const proof = messageWithText(creator, 'Workout proof submitted');
  await expect(proof).toHaveCount(1, { timeout: 30_000 });
  await proof.getByRole('button', { name: 'Approve' }).click();
  await expect(proof.locator('[data-status="approved"]')).toHaveText('Approved');
  const approvedAt = Date.now();

  // No reload: the server's "changed" frame refreshes the author's figures.
  await expect(streak).toHaveText('1', { timeout: 5_000 });
  const tookMs = Date.now() - approvedAt;
  await expect(author.getByTestId('profile-points')).toHaveText('1');
  testInfo.annotations.push({ type: 'live update', description: `${tookMs} ms after the approval showed` });
  await snap(author, testInfo, '02-author-profile-after');
  await snap(creator, testInfo, '03-creator-chat-approved');
  expect(tookMs).toBeLessThan(5_000);
});
