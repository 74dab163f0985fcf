import { clientKey } from '@shared/api/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newClientKey } from './client-key';

describe('client keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are UUIDs the server accepts, different every time', () => {
    const a = newClientKey();
    expect(clientKey.safeParse(a).success).toBe(true);
    expect(newClientKey()).not.toBe(a);
  });

  it('are built from getRandomValues where randomUUID is missing (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => real.getRandomValues(b) });
    const key = newClientKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(clientKey.safeParse(key).success).toBe(true);
  });
});
