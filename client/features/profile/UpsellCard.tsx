import { ArrowRight, Crown } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { IconCard } from '../../ui/IconCard';

/** The Pro pitch for users who are not Pro yet; Pro programs live on /teams. */
export function UpsellCard() {
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
