import type { LucideIcon } from 'lucide-react';
import { Compass, Flame, Plus, Trophy, UserRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { UnreadBadge } from '../notifications/UnreadBadge';
import { openCreateWizard } from '../pacts/create-wizard-store';

type Tab = { href: string; label: string; icon: LucideIcon };

/** The bottom navigation: Home, Discover, create, Leaders, Profile; the create button sits between Discover and Leaders. */
const LEFT: Tab[] = [
  { href: '/', label: 'Pacts', icon: Flame },
  { href: '/challenges', label: 'Discover', icon: Compass },
];
const RIGHT: Tab[] = [
  { href: '/leaderboard', label: 'Leaders', icon: Trophy },
  { href: '/profile', label: 'Profile', icon: UserRound },
];

/** The bar's tabs, left to right (the app loads their screens ahead: app/route-preload.ts NAV_PATHS). */
export const NAV_TABS: readonly Tab[] = [...LEFT, ...RIGHT];

export function isTabActive(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

function NavTab({ href, label, icon: Icon }: Tab) {
  const [location] = useLocation();
  const active = isTabActive(href, location);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex h-full flex-1 flex-col items-center justify-center gap-1 rounded-xl font-semibold text-[11px] transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'text-brand-ink' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <span className="relative">
        <Icon
          className={cn('size-6', active && 'fill-current/15')}
          strokeWidth={active ? 2.4 : 2}
          aria-hidden="true"
        />
        {/* Unread notifications live in the profile's dialog. */}
        {href === '/profile' ? <UnreadBadge className="-top-1 -right-2" /> : null}
      </span>
      {label}
    </Link>
  );
}

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-border border-t bg-nav pb-safe backdrop-blur-xl supports-[backdrop-filter]:bg-nav"
    >
      <div className="mx-auto flex h-16 max-w-md items-center px-2">
        {LEFT.map((tab) => (
          <NavTab key={tab.href} {...tab} />
        ))}
        <div className="flex flex-1 justify-center">
          <button
            type="button"
            onClick={openCreateWizard}
            aria-label="Create Pact"
            className="-mt-7 flex size-15 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-[0_10px_30px_-6px] shadow-primary/70 ring-4 ring-background transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-ring active:scale-95"
          >
            <Plus className="size-7" strokeWidth={3} aria-hidden="true" />
          </button>
        </div>
        {RIGHT.map((tab) => (
          <NavTab key={tab.href} {...tab} />
        ))}
      </div>
    </nav>
  );
}
