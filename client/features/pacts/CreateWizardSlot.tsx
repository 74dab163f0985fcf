import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useCreateWizard } from './create-wizard-store';

const CreateWizardHost = lazy(async () => ({
  default: (await import('./CreateWizardHost')).CreateWizardHost,
}));

/**
 * Where the create-Pact wizard opens. Its code (the steps, the tutorial camera and upload) loads on the first open,
 * not with the signed-in screens: it is not needed to show them (docs/PERFORMANCE.md, lighthouse; the history is in git). The service worker
 * keeps the chunk, so only a first open on a new version waits for the network.
 */
export function CreateWizardSlot() {
  const { isOpen } = useCreateWizard();
  if (!isOpen) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-background text-brand-ink">
          <Spinner className="size-10" label="Opening Create Pact" />
        </div>
      }
    >
      <CreateWizardHost />
    </Suspense>
  );
}
