import { describe, expect, it } from 'vitest';
import { proofDecisionText } from './proof-texts';

const maya = { id: 'maya', firstName: 'Maya', username: 'maya_fit' };
const base = { authorId: 'leo', decidedBy: null, creator: { id: 'maya', name: 'Maya' }, canDecide: false };

describe('proofDecisionText', () => {
  it('says who will approve a pending proof', () => {
    expect(proofDecisionText({ ...base, status: 'pending', viewerId: 'leo' })).toBe(
      "Waiting for Maya's approval",
    );
    expect(proofDecisionText({ ...base, status: 'pending', viewerId: 'maya', canDecide: true })).toBe(
      'Waiting for your approval',
    );
    expect(proofDecisionText({ ...base, status: 'pending', authorId: 'maya', viewerId: 'maya' })).toBe(
      "Waiting for a member's approval",
    );
  });
  it('says "you" for the viewer’s own decisions', () => {
    expect(proofDecisionText({ ...base, status: 'approved', decidedBy: maya, viewerId: 'maya' })).toBe(
      'Approved by you',
    );
    expect(proofDecisionText({ ...base, status: 'rejected', decidedBy: maya, viewerId: 'leo' })).toBe(
      'Rejected by Maya',
    );
  });
});
