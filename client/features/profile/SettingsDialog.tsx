import { ChevronRight, LogOut, Moon, Settings, Sun } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { type Theme, useTheme } from '../../lib/theme';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/Dialog';
import { useSignOut } from '../auth/use-sign-out';

const THEMES: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** The profile's settings dialog: Light and Dark, Sign Out, and the way to every other setting. */
export function SettingsDialog() {
  const { theme, setTheme } = useTheme();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Settings">
          <Settings aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Appearance and your account.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">Appearance</p>
          <div className="grid grid-cols-2 gap-2">
            {THEMES.map(({ value, label, icon: Icon }) => (
              <Button
                key={value}
                variant={theme === value ? 'default' : 'outline'}
                aria-pressed={theme === value}
                onClick={() => setTheme(value)}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            ))}
          </div>
        </div>
        <Link
          href="/settings"
          className={cn(
            'flex items-center justify-between rounded-xl border border-border px-4 py-3 font-semibold text-sm transition-colors hover:bg-secondary',
          )}
        >
          All settings
          <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
        </Link>
        <Button variant="destructive" onClick={signOut} disabled={isSigningOut}>
          <LogOut aria-hidden="true" />
          {isSigningOut ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
