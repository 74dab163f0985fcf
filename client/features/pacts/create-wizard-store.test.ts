import { describe, expect, it } from 'vitest';
import { closeCreateWizard, isCreateWizardOpen, openCreateWizard } from './create-wizard-store';

describe('create wizard store', () => {
  it('opens and closes the one wizard', () => {
    expect(isCreateWizardOpen()).toBe(false);
    openCreateWizard();
    openCreateWizard();
    expect(isCreateWizardOpen()).toBe(true);
    closeCreateWizard();
    expect(isCreateWizardOpen()).toBe(false);
  });
});
