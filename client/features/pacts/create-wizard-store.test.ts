import { describe, expect, it } from 'vitest';
import {
  closeCreateWizard,
  isCreateWizardOpen,
  openCreateWizard,
  openProWizard,
  wizardStartVisibility,
} from './create-wizard-store';

describe('create wizard store', () => {
  it('opens and closes the one wizard', () => {
    expect(isCreateWizardOpen()).toBe(false);
    openCreateWizard();
    openCreateWizard();
    expect(isCreateWizardOpen()).toBe(true);
    closeCreateWizard();
    expect(isCreateWizardOpen()).toBe(false);
  });

  it('opens at Pro from Create Team, and plainly from everywhere else', () => {
    openProWizard();
    expect(isCreateWizardOpen()).toBe(true);
    expect(wizardStartVisibility()).toBe('pro');
    closeCreateWizard();
    openCreateWizard();
    expect(wizardStartVisibility()).toBeNull();
    closeCreateWizard();
  });
});
