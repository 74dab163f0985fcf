import type { AuthUser } from '@shared/api/auth';
import { useMutation } from '@tanstack/react-query';
import { MailCheck, X } from 'lucide-react';
import { useState } from 'react';
import { resendVerification } from '../../api/account';
import { errorMessage } from '../../api/errors';

const HIDDEN_KEY = 'sweatpact:verify-banner-hidden';

/**
 * A gentle reminder above every screen while the address is unproven (the app works meanwhile): "Resend" mails a
 * new link; "Later" hides it until the browser is closed. Gone once the address is verified; never for demo users.
 */
export function VerifyEmailBanner({ user }: { user: AuthUser }) {
  const [hidden, setHidden] = useState(() => {
    try {
      return sessionStorage.getItem(HIDDEN_KEY) === user.id;
    } catch {
      return false; // storage refused (private mode), or drawn on the server (app/first-paint.tsx)
    }
  });
  const resend = useMutation({ mutationFn: resendVerification });
  if (user.emailVerified || user.isDemo || hidden) return null;
  const hide = () => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, user.id);
    } catch {}
    setHidden(true);
  };
  return (
    <section
      aria-label="Verify your email"
      className="border-border border-b bg-secondary/70 pt-safe text-secondary-foreground"
    >
      <div className="mx-auto flex max-w-md items-start gap-3 px-4 py-2.5 text-sm">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-ink" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p>
            Verify your email: we sent a link to <strong className="break-all">{user.email}</strong>.
          </p>
          <p role="status" className="text-muted-foreground text-xs">
            {resend.isSuccess
              ? resend.data.message
              : resend.isError
                ? errorMessage(resend.error)
                : 'It lets you get back in if you forget your password.'}
          </p>
          <button
            type="button"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
            className="mt-1 min-h-11 font-semibold text-brand-ink underline-offset-4 hover:underline disabled:opacity-60"
          >
            {resend.isPending ? 'Sending...' : 'Resend link'}
          </button>
        </div>
        <button
          type="button"
          aria-label="Hide until later"
          onClick={hide}
          className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-secondary"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
