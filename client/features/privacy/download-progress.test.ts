import { describe, expect, it } from 'vitest';
import { downloadLabel } from './download-progress';

describe('downloadLabel', () => {
  it('shows received of total with a floored percent', () => {
    expect(downloadLabel({ received: 0, total: 41 * 1024 ** 2 })).toBe('0.0 MB of 41 MB (0%)');
    expect(downloadLabel({ received: 3.25 * 1024 ** 2, total: 41 * 1024 ** 2 })).toBe('3.3 MB of 41 MB (7%)');
    expect(downloadLabel({ received: 41 * 1024 ** 2, total: 41 * 1024 ** 2 })).toBe('41 MB of 41 MB (100%)');
  });
  it('shows only what arrived when the size is unknown', () => {
    expect(downloadLabel({ received: 512 * 1024, total: null })).toBe('0.5 MB');
  });
});
