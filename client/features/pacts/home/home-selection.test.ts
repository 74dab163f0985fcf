import { describe, expect, it } from 'vitest';
import { makePact, makeParticipation } from '../pact-fixture';
import { selectHomePacts } from './home-selection';

describe('selectHomePacts', () => {
  const me = 'u-me';
  it('shows the first created Pact and the first active participation', () => {
    const own1 = makePact({ creatorId: me });
    const own2 = makePact({ creatorId: me });
    const joined = makePact();
    const done = makePact();
    const parts = [makeParticipation(done, { status: 'completed' }), makeParticipation(joined)];
    expect(selectHomePacts([own1, own2], parts, me).map((p) => p.id)).toEqual([own1.id, joined.id]);
  });
  it('never shows the same Pact twice (the creator participates in their own Pact)', () => {
    const own = makePact({ creatorId: me });
    const joined = makePact();
    const parts = [makeParticipation(own), makeParticipation(joined)];
    expect(selectHomePacts([own], parts, me).map((p) => p.id)).toEqual([own.id, joined.id]);
    expect(selectHomePacts([own], [makeParticipation(own)], me).map((p) => p.id)).toEqual([own.id]);
  });
  it("takes the participation from someone else's Pact, not a second own one", () => {
    const newest = makePact({ creatorId: me });
    const older = makePact({ creatorId: me });
    const joined = makePact();
    const parts = [makeParticipation(older), makeParticipation(joined)];
    expect(selectHomePacts([newest, older], parts, me).map((p) => p.id)).toEqual([newest.id, joined.id]);
  });
  it("ignores other people's Pacts in the created list", () => {
    const foreign = makePact({ creatorId: 'someone' });
    expect(selectHomePacts([foreign], [], me)).toEqual([]);
  });
  it('shows only an active participation when nothing was created', () => {
    const joined = makePact();
    expect(selectHomePacts([], [makeParticipation(joined)], me)).toEqual([joined]);
  });
  it('is empty with nothing active and nothing created', () => {
    const done = makePact();
    expect(selectHomePacts([], [makeParticipation(done, { status: 'completed' })], me)).toEqual([]);
  });
});
