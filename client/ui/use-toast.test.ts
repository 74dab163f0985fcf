import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from './use-toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast at a time, the newest', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect(TOAST_LIMIT).toBe(1);
    expect(currentToasts()).toHaveLength(1);
    expect(currentToasts()[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Saved' });
    dismissToast(id);
    expect(currentToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('updates a shown toast in place', () => {
    const shown = toast({ title: 'Uploading' });
    shown.update({ title: 'Uploaded' });
    expect(currentToasts()[0]).toMatchObject({ id: shown.id, title: 'Uploaded' });
  });
});
