import { DATA_TYPES } from '@shared/api/privacy';
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, setFullAccount, toggleType } from './deletion-selection';

describe('deletion selection', () => {
  it('full account selects every type and unchecking it clears all', () => {
    const full = setFullAccount(true);
    expect(full).toEqual({ full: true, types: [...DATA_TYPES] });
    expect(setFullAccount(false)).toEqual({ full: false, types: [] });
  });

  it('locks the types while the full account is chosen', () => {
    const full = setFullAccount(true);
    expect(toggleType(full, 'chat', false)).toBe(full);
  });

  it('toggles single types in a stable order without duplicates', () => {
    let s = toggleType(EMPTY_SELECTION, 'media', true);
    s = toggleType(s, 'profile', true);
    s = toggleType(s, 'profile', true);
    expect(s.types).toEqual(['profile', 'media']);
    expect(toggleType(s, 'media', false).types).toEqual(['profile']);
  });
});
