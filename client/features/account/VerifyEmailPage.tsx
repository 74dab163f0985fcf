import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { resendVerification, verifyEmail } from '../../api/account';
import { authKeys, useAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { Button, buttonVariants } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AccountFrame, FormAlert, tokenFromLocation } from './AccountFrame';

/** /verify-email?token=: the mailed link, posted once when the page opens (a mail scanner's GET spends nothing). */
export function VerifyEmailPage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }),
  });
  const resend = useMutation({ mutationFn: resendVerification });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(tokenFromLocation());
  }, [verify]);

  if (verify.isSuccess) {
    const { email, changed } = verify.data;
    return (
      <AccountFrame title={changed ? 'Email changed' : 'Email verified'}>
        <p className="flex items-start gap-2 text-sm">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-ink" aria-hidden="true" />
          <span>
            {changed ? 'Your account now uses ' : 'Thanks! '}
            <strong className="break-all">{email}</strong>
            {changed ? '.' : ' is verified.'}
          </span>
        </p>
        <Link href="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          {user ? 'Continue' : 'Go to sign in'}
        </Link>
      </AccountFrame>
    );
  }
  if (verify.isError) {
    return (
      <AccountFrame title="Link not valid">
        <FormAlert>{errorMessage(verify.error)}</FormAlert>
        {user && !user.emailVerified && !user.isDemo ? (
          <Button
            size="lg"
            variant="secondary"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
          >
            {resend.isSuccess ? 'New link sent' : 'Send a new link'}
          </Button>
        ) : null}
        {resend.isError ? <FormAlert>{errorMessage(resend.error)}</FormAlert> : null}
        <Link href="/" className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full' })}>
          {user ? 'Back to SweatPact' : 'Go to sign in'}
        </Link>
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title="Verifying your email">
      <div className="flex justify-center py-4">
        <Spinner className="size-6" label="Verifying" />
      </div>
    </AccountFrame>
  );
}
