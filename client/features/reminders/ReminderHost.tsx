import { AlarmClock, Radio, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useInBrowser } from '../../lib/use-in-browser';
import { Button } from '../../ui/Button';
import { useToastPlacement } from '../../ui/toast-placement';
import { toast } from '../../ui/use-toast';
import { rememberedKeys } from './remembered-keys';
import {
  dueReminder,
  REMINDER_TOAST_TITLE,
  reminderKey,
  reminderToastText,
  scheduledLabel,
  toastsDue,
} from './reminder-logic';
import { useMinuteClock, useReminderList } from './use-reminders';

const fired = rememberedKeys('sweatpact:reminders-fired');
const dismissed = rememberedKeys('sweatpact:reminders-dismissed');

/**
 * The workout-time reminder, on every signed-in screen: a compact strip at the top while a joined Pact's time is
 * within 5 minutes (user's time zone), and the toast once per Pact per day on the exact minute. Off when the user
 * turned Workout Notifications off in Settings. The strip never covers anything: while it shows, every screen's top
 * moves down by its height (`--reminder-inset`, read by `pt-safe`), so headers, tabs and menus stay where a tap
 * reaches them. Dismissed (or started), it stays away for that workout.
 */
export function ReminderHost() {
  const now = useMinuteClock();
  const data = useReminderList(now);
  const [location, navigate] = useLocation();
  const [, setDismissTick] = useState(0);
  // Dismissals live on the phone: the server's picture of a screen never draws the strip (app/first-paint.tsx).
  const enabled = useInBrowser() && data?.workoutNotifications === true;
  const placement = useToastPlacement();

  useEffect(() => {
    if (!enabled || !data) return;
    for (const item of toastsDue(data.items, now, data.zone, data.date, fired.get())) {
      fired.add(reminderKey(data.date, item.challengeId), data.date);
      toast({ title: REMINDER_TOAST_TITLE, description: reminderToastText(item.title) });
    }
  }, [enabled, data, now]);

  const item = enabled && data ? dueReminder(data.items, now, data.zone, data.date, dismissed.get()) : null;
  // The recorder itself needs no reminder, and an open camera panel keeps its controls clear.
  const shown = !!item && !location.startsWith('/live/') && placement === 'top';
  const stripRef = useRef<HTMLElement>(null);
  // The screens move down by the strip's real height: one row on most phones, two on the narrowest.
  useEffect(() => {
    const strip = stripRef.current;
    if (!shown || !strip) return;
    const root = document.documentElement;
    const apply = () => root.style.setProperty('--reminder-inset', `${strip.offsetHeight}px`);
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(strip);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--reminder-inset');
    };
  }, [shown]);

  if (!shown || !item || !data) return null;
  const dismiss = () => {
    dismissed.add(reminderKey(data.date, item.challengeId), data.date);
    setDismissTick((n) => n + 1);
  };
  return (
    <aside
      ref={stripRef}
      aria-label="Workout reminder"
      className="fixed inset-x-0 top-[calc(env(safe-area-inset-top)+var(--offline-inset,0px))] z-45 flex min-h-14 animate-slide-up flex-wrap items-center gap-x-2 border-primary/40 border-b bg-popover py-1.5 pr-1 pl-3 text-popover-foreground shadow-black/20 shadow-lg"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <AlarmClock className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 leading-tight">
        <h2 className="truncate font-extrabold text-sm">Workout Time!</h2>
        <p className="truncate text-muted-foreground text-xs">
          <span className="font-semibold text-foreground">{item.title}</span> ·{' '}
          {scheduledLabel(item.workoutTime)}
        </p>
      </div>
      <Button
        size="sm"
        className="order-last mr-2 mb-0.5 h-11 w-full shrink-0 px-2.5 text-xs min-[400px]:order-none min-[400px]:mr-0 min-[400px]:mb-0 min-[400px]:w-auto"
        onClick={() => {
          // Started: no need to keep reminding about this workout.
          dismiss();
          navigate(`/live/${item.challengeId}`);
        }}
      >
        <Radio aria-hidden="true" />
        Start Stream Now
      </Button>
      <button
        type="button"
        aria-label="Dismiss reminder"
        onClick={dismiss}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
