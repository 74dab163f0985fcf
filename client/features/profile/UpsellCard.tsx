import { ArrowRight, Crown } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** The Pro pitch for users who are not Pro yet; Pro programs live on /teams. */
export function UpsellCard() {
  return (
    <Card className="relative mt-6 overflow-hidden border-primary/40 bg-gradient-to-br from-accent via-card to-card p-5">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <Crown className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-extrabold text-lg leading-tight tracking-tight">Become a Pro Creator</h2>
          <p className="mt-1 text-muted-foreground text-sm">
            Coach your own paid team: monthly subscriptions, your branding, team-only Pacts and direct
            messages with every member.
          </p>
        </div>
      </div>
      <Link href="/teams" className={buttonVariants({ className: 'mt-4 w-full' })}>
        Explore Pro
        <ArrowRight aria-hidden="true" />
      </Link>
    </Card>
  );
}
