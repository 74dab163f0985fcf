import { TRIAL_DAYS } from '@shared/domain/limits';
import { useLocation } from 'wouter';
import { errorMessage } from '../../api/errors';
import { useSubscribe } from '../../api/teams';
import { toast } from '../../ui/use-toast';
import type { TeamAction } from './team-actions';

/**
 * Start Trial / Subscribe for one team, from a program card, a Discover slide or the team page. Test mode
 * answers the subscription at once and the team page opens; with Stripe the answer is a Checkout URL and the
 * browser goes there (the subscription appears when Stripe's webhook arrives).
 */
/**
 * Teams whose subscribe request is on its way. A double tap lands before React disables the button, so the second
 * tap is dropped here; module-wide, since the card that asked may remount meanwhile.
 */
const starting = new Set<number>();

export function useStartTrial() {
  const [location, navigate] = useLocation();
  const subscribe = useSubscribe();
  const start = (team: { id: number; name: string }, action: TeamAction) => {
    const teamPath = `/teams/${team.id}`;
    if (action === 'open') {
      navigate(teamPath);
      return;
    }
    if (starting.has(team.id)) return;
    starting.add(team.id);
    // mutateAsync: the refetched lists may remount the card that asked, and mutate's callbacks die with it.
    subscribe
      .mutateAsync(team.id)
      .finally(() => starting.delete(team.id))
      .then(
        (answer) => {
          if (answer.checkoutUrl) {
            window.location.assign(answer.checkoutUrl);
            return;
          }
          toast({
            title: action === 'trial' ? 'Trial started' : 'Subscribed',
            description:
              action === 'trial'
                ? `Your ${TRIAL_DAYS}-day free trial of ${team.name} has begun.`
                : `You are a member of ${team.name} again.`,
            variant: 'success',
          });
          if (location !== teamPath) navigate(teamPath);
        },
        (error: unknown) =>
          toast({
            title: action === 'trial' ? 'Could not start trial' : 'Could not subscribe',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      );
  };
  return { start, pendingId: subscribe.isPending ? subscribe.variables : null };
}
