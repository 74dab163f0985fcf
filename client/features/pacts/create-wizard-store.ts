import type { Visibility } from '@shared/domain/wizard';
import { useSyncExternalStore } from 'react';

/**
 * Whether the create-Pact wizard overlay is open. A tiny external store, so the bottom navigation, the home empty
 * state, the leaderboard and the profile can all open the one wizard that CreateWizardHost renders.
 *
 * While open, the wizard keeps what was entered in this tab's sessionStorage (wizard/draft.ts), so a reload opens it
 * again where it was; closing it, or creating the Pact, forgets the draft.
 */
export const WIZARD_DRAFT_KEY = 'sweatpact:create-pact-draft';

function hasDraft(): boolean {
  try {
    return sessionStorage.getItem(WIZARD_DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

export function forgetWizardDraft(): void {
  try {
    sessionStorage.removeItem(WIZARD_DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
}

let isOpen = hasDraft();
/** Open because a draft was found at load, not because someone pressed Create. */
let reopened = isOpen;
/** The visibility the wizard starts with: 'pro' when opened from the Teams screen's Create Team. */
let startVisibility: Visibility | null = null;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  reopened = false;
  if (isOpen === next) return;
  isOpen = next;
  for (const listener of listeners) listener();
}

/**
 * The open wizard is a step of the browser's history, so the phone's Back button closes it (and does not change
 * the screen under it): opening pushes an entry marked as the wizard's, Back pops it, and closing another way
 * (Close, Escape, a created Pact) goes back over it.
 */
const MARK = 'sweatpactCreateWizard';
const markedEntry = (): boolean =>
  typeof history !== 'undefined' && (history.state as Record<string, unknown> | null)?.[MARK] === true;

function pushEntry(): void {
  if (typeof history === 'undefined' || markedEntry()) return;
  history.pushState({ ...((history.state as object | null) ?? {}), [MARK]: true }, '');
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (isOpen && !markedEntry()) {
      forgetWizardDraft();
      setOpen(false);
    }
  });
}

export const isCreateWizardOpen = (): boolean => isOpen;
export const wizardStartVisibility = (): Visibility | null => startVisibility;
export const wizardReopened = (): boolean => reopened;
export const openCreateWizard = (): void => {
  startVisibility = null;
  pushEntry();
  setOpen(true);
};
/** Opens the wizard with Pro already chosen (the counter reads x/6 from the first step). */
export const openProWizard = (): void => {
  startVisibility = 'pro';
  pushEntry();
  setOpen(true);
};
export const closeCreateWizard = (): void => {
  forgetWizardDraft();
  setOpen(false);
  if (markedEntry()) history.back();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCreateWizard(): { isOpen: boolean; open: () => void; close: () => void } {
  const open = useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
  return { isOpen: open, open: openCreateWizard, close: closeCreateWizard };
}
