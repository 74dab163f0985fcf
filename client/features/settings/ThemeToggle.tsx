import { Moon, Sun } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { type Theme, useTheme } from '../../lib/theme';

const OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Light / Dark buttons; the choice is kept in browser storage. A radio group as the keyboard expects one: one Tab
 * stop (the chosen option), and the arrow keys move the choice.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const at = OPTIONS.findIndex((o) => o.value === theme);
    const next = OPTIONS[(at + step + OPTIONS.length) % OPTIONS.length]!;
    setTheme(next.value);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-theme-option="${next.value}"]`)?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-2 rounded-xl bg-muted p-1"
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio inputs here
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          tabIndex={theme === value ? 0 : -1}
          data-theme-option={value}
          onClick={() => setTheme(value)}
          className={cn(
            'flex h-11 items-center justify-center gap-2 rounded-lg font-semibold text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            theme === value
              ? 'bg-segment text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
