import { useMutation } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { revokeAllSessions, useDeviceSessions, useRevokeSession } from '../../api/account';
import { errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { FormAlert } from '../account/AccountFrame';

const MOBILE = new Set(['iOS', 'Android']);

function lastActive(iso: string, current: boolean): string {
  if (current) return 'Active now';
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 60) return 'Active within the last hour';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `Active ${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `Active ${new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** Settings > Signed-in devices: each session with "Sign out", and "Sign out everywhere" (this device too). */
export function SignedInDevices() {
  const sessions = useDeviceSessions();
  const revoke = useRevokeSession();
  const everywhere = useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: () => window.location.assign('/register'),
  });
  if (sessions.isPending) return <p className="text-muted-foreground text-sm">Loading devices...</p>;
  if (sessions.isError) return <FormAlert>{errorMessage(sessions.error)}</FormAlert>;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Signed-in devices" className="flex flex-col divide-y divide-border">
        {sessions.data.sessions.map((s) => {
          const Icon = MOBILE.has(s.os) ? Smartphone : Laptop;
          const name = `${s.browser} on ${s.os}`;
          return (
            <li key={s.id} className="flex items-center gap-3 py-2.5" aria-label={name}>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">{name}</p>
                <p className="text-muted-foreground text-xs">
                  {s.current ? 'This device · ' : ''}
                  {lastActive(s.lastActiveAt, s.current)}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending && revoke.variables === s.id}
                  onClick={() => revoke.mutate(s.id)}
                  aria-label={`Sign out ${name}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {revoke.isError ? <FormAlert>{errorMessage(revoke.error)}</FormAlert> : null}
      {everywhere.isError ? <FormAlert>{errorMessage(everywhere.error)}</FormAlert> : null}
      <Button
        variant="outline"
        className="text-destructive-ink"
        disabled={everywhere.isPending}
        onClick={() => everywhere.mutate()}
      >
        {everywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
      </Button>
    </div>
  );
}
