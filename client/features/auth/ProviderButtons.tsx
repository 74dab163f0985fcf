import type { AuthProviders } from '@shared/api/auth';
import { Apple } from 'lucide-react';
import type { ReactNode } from 'react';
import { oauthStartUrl, useAuthProviders } from '../../api/auth';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../../ui/Button';

const PROVIDERS: { id: keyof AuthProviders; name: string; mark: ReactNode; markClass: string }[] = [
  { id: 'google', name: 'Google', mark: 'G', markClass: 'bg-white text-[#4285f4] ring-1 ring-border' },
  {
    id: 'apple',
    name: 'Apple',
    mark: <Apple className="size-3.5 fill-current" />,
    markClass: 'bg-foreground text-background',
  },
  { id: 'facebook', name: 'Facebook', mark: 'f', markClass: 'bg-[#1877f2] text-white' },
];

/**
 * Provider sign-in: disabled with "- Soon" unless the server has that provider's credentials; enabled, a link that
 * starts the sign-in on the server (which redirects to the provider).
 */
export function ProviderButtons() {
  const configured = useAuthProviders();
  return (
    <div className="flex flex-col gap-2.5">
      {PROVIDERS.map(({ id, name, mark, markClass }) => {
        const content = (
          <>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full font-bold text-sm',
                markClass,
              )}
            >
              {mark}
            </span>
            <span className="flex-1 text-center">
              {configured[id]
                ? `Continue with ${name}`
                : (
                    {
                      google: 'Continue with Google - Soon',
                      apple: 'Continue with Apple - Soon',
                      facebook: 'Continue with Facebook - Soon',
                    } as const
                  )[id]}
            </span>
            <span aria-hidden="true" className="size-6 shrink-0" />
          </>
        );
        const className = cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full bg-card text-sm');
        return configured[id] ? (
          <a key={id} href={oauthStartUrl(id)} className={className}>
            {content}
          </a>
        ) : (
          <button key={id} type="button" disabled className={className}>
            {content}
          </button>
        );
      })}
    </div>
  );
}
