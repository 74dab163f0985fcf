import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useRefreshAuth } from '../../api/auth';
import { SUPPORT_HANDLE, SUPPORT_URL } from '../../lib/support';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { BrandMark } from './BrandMark';
import { EmailAuthForm } from './EmailAuthForm';
import { ProviderButtons } from './ProviderButtons';
import { ProviderReturnPanel, useProviderReturn } from './ProviderReturnPanel';
import { reloadSoon, signInAsDemo } from './sign-in-actions';

/** The registration / sign-in screen, shown for every path a signed-out visitor opens. */
export function SignInPage() {
  useDocumentTitle('Sign in');
  const refreshAuth = useRefreshAuth();
  const providerReturn = useProviderReturn();
  const demo = useMutation({
    mutationFn: signInAsDemo,
    onSuccess: async () => {
      await refreshAuth();
      reloadSoon();
    },
    // A failed demo login is only logged.
    onError: (error) => console.error('Demo login failed', error),
  });

  return (
    <main className="relative flex min-h-dvh flex-col overflow-hidden bg-background pt-safe pb-safe">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[28rem] -translate-x-1/2 rounded-full bg-primary/25 blur-3xl dark:bg-primary/20"
      />
      <div className="relative mx-auto flex w-full max-w-md flex-1 flex-col px-6 pt-14 pb-8">
        <header className="flex flex-col items-center text-center">
          <BrandMark />
          <h1 className="mt-5 font-black text-4xl tracking-tight">
            Sweat<span className="text-brand-ink">Pact</span>
          </h1>
          <p className="mt-2 text-base text-muted-foreground">Workout challenges with friends</p>
        </header>

        <ProviderReturnPanel providerReturn={providerReturn} />
        <section
          hidden={providerReturn?.kind === 'birthdate'}
          aria-labelledby="sign-in-method"
          className="mt-10 flex flex-col gap-4"
        >
          <h2 id="sign-in-method" className="text-center font-semibold text-muted-foreground text-sm">
            Choose your sign-in method
          </h2>
          <Button
            size="lg"
            className="w-full text-base"
            onClick={() => demo.mutate()}
            disabled={demo.isPending || demo.isSuccess}
          >
            {demo.isPending || demo.isSuccess ? <Spinner className="size-5" label="Signing in" /> : null}
            Try Demo
          </Button>

          <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase tracking-wider">
            <span className="h-px flex-1 bg-border" />
            or use email
            <span className="h-px flex-1 bg-border" />
          </div>

          <EmailAuthForm />
          <ProviderButtons />
        </section>

        <footer className="mt-auto flex flex-col items-center gap-3 pt-10 text-center text-muted-foreground text-xs">
          <p className="max-w-xs leading-relaxed">
            By continuing you agree to our{' '}
            <Link href="/policy" className="font-medium text-foreground underline underline-offset-2">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link href="/policy" className="font-medium text-foreground underline underline-offset-2">
              Privacy Policy
            </Link>
            . You must be 13 or older.
          </p>
          <p>
            Need help?{' '}
            <a
              href={SUPPORT_URL}
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-brand-ink underline-offset-2 hover:underline"
            >
              {SUPPORT_HANDLE}
            </a>
          </p>
        </footer>
      </div>
    </main>
  );
}
