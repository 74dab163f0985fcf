import { describe, expect, it } from 'vitest';
import { makePact } from '../pact-fixture';
import {
  accessEnded,
  cardMedia,
  cardStart,
  creatorLabel,
  difficultyTone,
  firstLetter,
  joinLabel,
  participantsLabel,
  showInvite,
  targetLabel,
  workoutTimeLabel,
} from './card-logic';

describe('creatorLabel', () => {
  const creator = { id: 'u1', firstName: 'Ana', username: 'ana_b', profileImageUrl: null };
  it('says "Created by you" on own Pacts', () => {
    expect(creatorLabel({ creatorId: 'u1', creator }, 'u1')).toBe('Created by you');
  });
  it('falls back from first name to username to Unknown', () => {
    expect(creatorLabel({ creatorId: 'u1', creator }, 'u2')).toBe('by Ana');
    expect(creatorLabel({ creatorId: 'u1', creator: { ...creator, firstName: '  ' } }, 'u2')).toBe(
      'by ana_b',
    );
    expect(
      creatorLabel({ creatorId: 'u1', creator: { ...creator, firstName: null, username: '' } }, 'u2'),
    ).toBe('by Unknown');
  });
  it('never says "you" without a signed-in user', () => {
    expect(creatorLabel({ creatorId: 'u1', creator }, null)).toBe('by Ana');
  });
});

describe('difficultyTone', () => {
  it('is green for easy, yellow for medium and red otherwise', () => {
    expect(difficultyTone('easy')).toBe('green');
    expect(difficultyTone('medium')).toBe('yellow');
    expect(difficultyTone('hard')).toBe('red');
    expect(difficultyTone('extreme')).toBe('red');
    expect(difficultyTone(null)).toBe('red');
  });
});

describe('texts', () => {
  it("reads the target with its unit and the exercise's name", () => {
    expect(targetLabel({ targetValue: 20, exerciseType: 'hiit-cardio' })).toBe(
      'Target: 20 minutes of HIIT cardio',
    );
    expect(targetLabel({ targetValue: 60, exerciseType: 'plank' })).toBe('Target: 60 seconds of plank');
  });
  it('presents HH:MM as h:mm AM/PM and no time as null', () => {
    expect(workoutTimeLabel('20:05')).toBe('8:05 PM');
    expect(workoutTimeLabel('00:30')).toBe('12:30 AM');
    expect(workoutTimeLabel(null)).toBeNull();
  });
  it('counts participants in the singular and plural', () => {
    expect(participantsLabel(1)).toBe('1 participant');
    expect(participantsLabel(0)).toBe('0 participants');
    expect(participantsLabel(12)).toBe('12 participants');
  });
  it('takes the first letter of the title', () => {
    expect(firstLetter('  morning burn')).toBe('M');
    expect(firstLetter('')).toBe('?');
    expect(firstLetter('🔥 Fire')).toBe('🔥');
  });
});

describe('cardStart (the card rule on the presented time)', () => {
  const at = (h: number, m: number, s = 0) => new Date(2026, 5, 10, h, m, s);
  it('is "Start All Day" without a time', () => {
    expect(cardStart(null, at(9, 0))).toEqual({ label: 'Start All Day', canStart: true });
  });
  it('opens 7.5 minutes either side of an afternoon time', () => {
    expect(cardStart('20:00', at(19, 52, 30)).label).toBe('Start');
    expect(cardStart('20:00', at(20, 7, 30)).label).toBe('Start');
    expect(cardStart('20:00', at(19, 52, 29))).toEqual({ label: 'Wait for time', canStart: false });
    expect(cardStart('20:00', at(20, 7, 31))).toEqual({ label: 'You missed', canStart: false });
  });
  it('reads midnight and noon through AM/PM correctly', () => {
    expect(cardStart('00:00', at(0, 3)).label).toBe('Start');
    expect(cardStart('12:00', at(12, 5)).label).toBe('Start');
  });
  it("reads the time on a given time zone's wall clock (the server's picture), whatever the machine's zone", () => {
    // 03:00 UTC is 20:00 the evening before in Los Angeles (PDT) and 12:00 in Tokyo.
    const instant = new Date('2026-06-10T03:00:00Z');
    expect(cardStart('20:00', instant, 'America/Los_Angeles').label).toBe('Start');
    expect(cardStart('18:30', instant, 'America/Los_Angeles').label).toBe('You missed');
    expect(cardStart('20:00', instant, 'Asia/Tokyo').label).toBe('Wait for time');
    expect(cardStart('11:55', instant, 'Asia/Tokyo').label).toBe('Start');
  });
});

describe('cardMedia', () => {
  it('plays the tutorial with its thumbnail when there is one', () => {
    const pact = makePact({ tutorialVideoUrl: '/media/abc', thumbnailUrl: '/media/thumb' });
    expect(cardMedia(pact)).toMatchObject({ video: '/media/abc', poster: '/media/thumb' });
  });
  it('has no video without a tutorial (the card shows the poster), and a bundled clip brings its still', () => {
    expect(cardMedia(makePact({ tutorialVideoUrl: null, thumbnailUrl: null }))).toEqual({
      video: null,
      poster: undefined,
    });
    expect(cardMedia(makePact({ tutorialVideoUrl: '/samples/squats.mp4', thumbnailUrl: null }))).toEqual({
      video: '/samples/squats.mp4',
      poster: '/samples/squats.jpg',
    });
  });
});

describe('showInvite', () => {
  const at = (h: number, m: number) => new Date(2026, 5, 10, h, m);
  const open = { visibility: 'public', isHidden: false } as const;
  it('shows on own Pacts unless it is too early to start', () => {
    expect(showInvite(true, cardStart(null, at(9, 0)), open)).toBe(true);
    expect(showInvite(true, cardStart('09:00', at(9, 5)), open)).toBe(true);
    expect(showInvite(true, cardStart('09:00', at(10, 0)), open)).toBe(true);
    expect(showInvite(true, cardStart('09:00', at(8, 0)), open)).toBe(false);
  });
  it("never shows on other people's Pacts", () => {
    expect(showInvite(false, cardStart(null, at(9, 0)), open)).toBe(false);
  });
  it('never shows where nobody invited could come in: private or hidden', () => {
    const now = cardStart(null, at(9, 0));
    expect(showInvite(true, now, { visibility: 'private', isHidden: false })).toBe(false);
    expect(showInvite(true, now, { visibility: 'public', isHidden: true })).toBe(false);
    expect(showInvite(true, now, { visibility: 'friends', isHidden: false })).toBe(true);
  });
});

describe('a team Pact whose access ended', () => {
  it('is one the caller joined and may no longer use; the action leads to the team', () => {
    const ended = { isParticipant: true, teamAccess: false };
    expect(accessEnded(ended)).toBe(true);
    expect(joinLabel(ended, false)).toBe('Go to Team');
    // Not joined: Join (the server refuses without access and the app opens the team's page).
    expect(accessEnded({ isParticipant: false, teamAccess: false })).toBe(false);
    expect(joinLabel({ isParticipant: false, teamAccess: false }, false)).toBe('Join');
    expect(joinLabel({ isParticipant: true, teamAccess: true }, false)).toBe('Open Chat');
    expect(joinLabel({ isParticipant: false, teamAccess: true }, true)).toBe('Joining...');
  });
});
