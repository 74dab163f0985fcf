import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberSignedIn, wasSignedIn } from './signed-in-hint';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});
afterEach(() => store.clear());

describe('the signed-in hint', () => {
  it('is kept after a session was seen and dropped once nobody is signed in', () => {
    expect(wasSignedIn()).toBe(false);
    rememberSignedIn(true);
    expect(wasSignedIn()).toBe(true);
    rememberSignedIn(false);
    expect(wasSignedIn()).toBe(false);
  });

  it('is simply absent when storage is refused (private mode)', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => rememberSignedIn(true)).not.toThrow();
    expect(wasSignedIn()).toBe(false);
  });
});
