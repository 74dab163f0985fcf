import { describe, expect, it } from 'vitest';
import { profileInvite } from './invite-link';

describe('profile invite', () => {
  it("links to the user's own page and names them", () => {
    const invite = profileInvite('https://sweatpact.app/', { id: 'u 1', firstName: 'Ana' });
    expect(invite.url).toBe('https://sweatpact.app/user/u%201');
    expect(invite.text).toMatch(/^Ana invites you on SweatPact/);
  });

  it('reads well without a first name', () => {
    expect(profileInvite('http://localhost:3000', { id: 'x', firstName: null }).text).toMatch(/^Join me on/);
  });
});
