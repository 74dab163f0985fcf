import { describe, expect, it } from 'vitest';
import { avatarArt, hashSeed, initialsOf } from './avatar-art';

describe('avatarArt', () => {
  it('is deterministic per seed', () => {
    expect(avatarArt('user-42')).toEqual(avatarArt('user-42'));
    expect(hashSeed('abc')).toBe(hashSeed('abc'));
  });

  it('always picks a colour and a style for every feature', () => {
    for (let i = 0; i < 500; i++) {
      const art = avatarArt(`seed-${i}-${i * 31}`);
      for (const value of Object.values(art)) expect(value).toBeDefined();
      expect(art.background).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('gives different users different faces', () => {
    const faces = new Set(Array.from({ length: 50 }, (_, i) => JSON.stringify(avatarArt(`user-${i}`))));
    expect(faces.size).toBeGreaterThan(40);
  });
});

describe('initialsOf', () => {
  it('uses first and last name, else the first name, else the username', () => {
    expect(initialsOf('ada', 'lovelace', 'Lovelace')).toBe('AL');
    expect(initialsOf('Ada', 'x')).toBe('A');
    expect(initialsOf('Demo Athlete', 'x')).toBe('DA');
    expect(initialsOf(' ', '@runner99')).toBe('R');
    expect(initialsOf(null, 'maya.chen.4821')).toBe('MC');
    expect(initialsOf(null, null)).toBe('?');
  });

  it('never shows a digit or a sign', () => {
    expect(initialsOf(null, '5f3a9c_user')).toBe('FU');
    expect(initialsOf('5', '12345')).toBe('?');
    expect(initialsOf('(Jo)', null, '42 Smith')).toBe('JS');
    expect(initialsOf('élodie', null, 'Ünal')).toBe('ÉÜ');
  });
});
