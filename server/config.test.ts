import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('operator settings refused in production', () => {
  it('refuses DISABLE_RATE_LIMIT under NODE_ENV=production, and allows it elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DISABLE_RATE_LIMIT: 'true' })).toThrow(
      /DISABLE_RATE_LIMIT: is refused when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DISABLE_RATE_LIMIT: 'false' }).DISABLE_RATE_LIMIT).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'development', DISABLE_RATE_LIMIT: 'true' }).DISABLE_RATE_LIMIT).toBe(true);
  });
});
