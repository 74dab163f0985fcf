import { ChevronRight, FileText, LogOut, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useSignOut } from '../auth/use-sign-out';
import { Page } from '../layout/Page';
import { DownloadMyData } from '../privacy/DownloadMyData';
import { PendingDeletions } from '../privacy/PendingDeletions';
import { BlockedUsers } from '../safety/BlockedUsers';
import { AccountSecurity } from './AccountSecurity';
import { PrivacyToggles } from './PrivacyToggles';
import { SignedInDevices } from './SignedInDevices';
import { ThemeToggle } from './ThemeToggle';
import { TimeZoneField } from './TimeZoneField';

function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 first:mt-1">
      <h2 className="mb-2 px-1 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
        {title}
      </h2>
      <Card className="p-4">{children}</Card>
    </section>
  );
}

function LinkRow({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-3 font-medium text-sm transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-9 items-center justify-center rounded-xl bg-muted text-muted-foreground">
        {icon}
      </span>
      <span className="flex-1">{children}</span>
      <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

/** Settings (/settings): appearance, privacy switches, time zone, legal links and sign-out. */
export function SettingsPage() {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Page back="/" title="Settings">
      <SettingsCard title="Account">
        <AccountSecurity />
      </SettingsCard>
      <SettingsCard title="Signed-in devices">
        <SignedInDevices />
      </SettingsCard>
      <SettingsCard title="Appearance">
        <ThemeToggle />
      </SettingsCard>
      <SettingsCard title="Privacy & Data">
        <PrivacyToggles />
        <div className="mt-2 border-border border-t pt-2">
          <LinkRow href="/policy" icon={<FileText className="size-4" aria-hidden="true" />}>
            Privacy Policy
          </LinkRow>
          <LinkRow href="/deletemydata" icon={<Trash2 className="size-4" aria-hidden="true" />}>
            Delete My Data
          </LinkRow>
          <PendingDeletions />
          <DownloadMyData />
        </div>
      </SettingsCard>
      <SettingsCard title="Region">
        <TimeZoneField />
      </SettingsCard>
      <SettingsCard title="Blocked users">
        <BlockedUsers />
      </SettingsCard>
      <Button
        variant="outline"
        size="lg"
        className="mt-6 mb-6 w-full text-destructive-ink"
        onClick={signOut}
        disabled={isSigningOut}
      >
        <LogOut aria-hidden="true" />
        {isSigningOut ? 'Signing Out...' : 'Sign Out'}
      </Button>
    </Page>
  );
}
