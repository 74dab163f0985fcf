import { PAID_TEAMS_OFF_MESSAGE } from '@shared/api/teams';
import { ArrowRight, Crown } from 'lucide-react';
import { Link } from 'wouter';
import { usePaidTeamsOff } from '../../api/teams';
import { buttonVariants } from '../../ui/Button';
import { IconCard } from '../../ui/IconCard';

/** The Pro pitch for users who are not Pro yet; Pro programs live on /teams. Billing off: says so instead. */
export function UpsellCard() {
  const off = usePaidTeamsOff();
  if (off) {
    return (
      <IconCard icon={Crown} title="Pro Creator" text={PAID_TEAMS_OFF_MESSAGE} className="mt-6">
        {null}
      </IconCard>
    );
  }
  return (
    <IconCard
      icon={Crown}
      tone="highlight"
      title="Become a Pro Creator"
      text="Coach your own paid team: monthly subscriptions, your branding, team-only Pacts and direct messages with every member."
      className="mt-6"
    >
      <Link href="/teams" className={buttonVariants({ className: 'w-full' })}>
        Explore Pro
        <ArrowRight aria-hidden="true" />
      </Link>
    </IconCard>
  );
}
