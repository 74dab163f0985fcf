import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdPage } from './leave-guard';

describe('holdPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before leaving while any hold is kept, and not after the last one is released', () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      // Node's Event has a read-only returnValue; a browser's BeforeUnloadEvent lets the page set it.
      Object.defineProperty(event, 'returnValue', { value: true, writable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented && (event as unknown as { returnValue: unknown }).returnValue === '';
    };
    expect(leave()).toBe(false);
    const first = holdPage();
    const second = holdPage();
    expect(leave()).toBe(true);
    first();
    first(); // a second release of the same hold changes nothing
    expect(leave()).toBe(true);
    second();
    expect(leave()).toBe(false);
  });
});
