import { describe, expect, it, vi } from 'vitest';
import { clipboardText, pactInvite, shareOrCopy, siteInvite } from './invite';

describe('invite texts', () => {
  it('links the site root', () => {
    const data = siteInvite('https://sweatpact.app/');
    expect(data.url).toBe('https://sweatpact.app/');
    expect(clipboardText(data)).toMatch(/SweatPact.* https:\/\/sweatpact\.app\/$/);
  });
  it("links a Pact's chat and names it", () => {
    const data = pactInvite('http://localhost:3000', { id: 42, title: 'Morning Burn' });
    expect(data.url).toBe('http://localhost:3000/chat/42');
    expect(data.text).toContain('"Morning Burn"');
  });
});

describe('shareOrCopy', () => {
  const data = siteInvite('https://x.test');
  it('uses the Web Share API when there is one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(data, { share, writeText })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });
  it('treats a dismissed share sheet as cancelled, not as a reason to copy', async () => {
    const abort = Object.assign(new Error('dismissed'), { name: 'AbortError' });
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(data, { share: async () => Promise.reject(abort), writeText })).toBe(
      'cancelled',
    );
    expect(writeText).not.toHaveBeenCalled();
  });
  it('copies the text and link when sharing is missing or refused', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(data, { writeText })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(clipboardText(data));
    const refused = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    expect(await shareOrCopy(data, { share: async () => Promise.reject(refused), writeText })).toBe('copied');
  });
  it('fails when neither works', async () => {
    expect(await shareOrCopy(data, {})).toBe('failed');
    expect(await shareOrCopy(data, { writeText: async () => Promise.reject(new Error('denied')) })).toBe(
      'failed',
    );
  });
});
