import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { failureHint, type ProviderReturn, readProviderReturn } from './provider-return';

// Only a visitor back from a provider with a new identity needs this step: it loads on its own.
const ProviderBirthDateStep = lazy(() =>
  import('./ProviderBirthDateStep').then((m) => ({ default: m.ProviderBirthDateStep })),
);

/** How a provider sign-in came back to this screen, read once from the address. */
export function useProviderReturn(): ProviderReturn {
  const [providerReturn] = useState(readProviderReturn);
  return providerReturn;
}

/**
 * Back from a provider: the date-of-birth step of a new account (the sign-in methods are hidden meanwhile), or
 * why the provider sign-in failed, above the methods.
 */
export function ProviderReturnPanel({ providerReturn }: { providerReturn: ProviderReturn }) {
  if (!providerReturn) return null;
  if (providerReturn.kind === 'birthdate') {
    return (
      <Suspense
        fallback={
          <div className="mt-10 flex justify-center">
            <Spinner className="size-8" />
          </div>
        }
      >
        <ProviderBirthDateStep />
      </Suspense>
    );
  }
  const hint = failureHint(providerReturn.reason, providerReturn.provider);
  return (
    <div
      role="alert"
      // Opaque: the brand glow behind the top of the screen would otherwise eat the red text's contrast.
      className="mt-8 rounded-xl border border-destructive/60 bg-card px-3 py-2.5 text-sm"
    >
      <p className="font-semibold text-destructive-ink">Authentication failed. Please try again.</p>
      {hint ? <p className="mt-1 text-card-foreground">{hint}</p> : null}
    </div>
  );
}
