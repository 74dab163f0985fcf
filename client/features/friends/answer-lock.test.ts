import { describe, expect, it } from 'vitest';
import { createAnswerLock } from './answer-lock';

describe('createAnswerLock', () => {
  it('lets one answer through at a time, and none while the list settles after it', () => {
    let t = 1_000;
    const lock = createAnswerLock(700, () => t);
    expect(lock.take()).toBe(true);
    // The second tap of a double tap, while the first answer is on its way.
    expect(lock.take()).toBe(false);
    t += 2_000;
    expect(lock.take()).toBe(false);
    lock.release();
    // Right after it settled, the next row may be under the finger.
    t += 699;
    expect(lock.take()).toBe(false);
    t += 1;
    expect(lock.take()).toBe(true);
    lock.release();
  });
});
