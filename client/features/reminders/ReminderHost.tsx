import { AlarmClock, Radio, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
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
 * The workout-time reminder, on every signed-in screen: the card while a joined Pact's time is within
 * 5 minutes (user's time zone), and the toast once per Pact per day on the exact minute. Off when the user turned
 * Workout Notifications off in Settings. It sits just below the screens' header, so their buttons stay usable.
 */
export function ReminderHost() {
  const now = useMinuteClock();
  const data = useReminderList(now);
  const [location, navigate] = useLocation();
  const [, setDismissTick] = useState(0);
  const enabled = data?.workoutNotifications === true;
  const placement = useToastPlacement();

  useEffect(() => {
    if (!enabled || !data) return;
    for (const item of toastsDue(data.items, now, data.zone, data.date, fired.get())) {
      fired.add(reminderKey(data.date, item.challengeId), data.date);
      toast({ title: REMINDER_TOAST_TITLE, description: reminderToastText(item.title) });
    }
  }, [enabled, data, now]);

  if (!enabled || !data) return null;
  const item = dueReminder(data.items, now, data.zone, data.date, dismissed.get());
  // The recorder itself needs no reminder, and an open camera panel keeps its controls clear.
  if (!item || location.startsWith('/live/') || placement !== 'top') return null;
  const dismiss = () => {
    dismissed.add(reminderKey(data.date, item.challengeId), data.date);
    setDismissTick((n) => n + 1);
  };
  return (
    <aside
      aria-label="Workout reminder"
      className="fixed top-[calc(env(safe-area-inset-top)+var(--offline-inset,0px)+4rem)] right-3 z-45 w-[min(18.5rem,calc(100%-1.5rem))] animate-slide-up rounded-2xl border border-primary/40 bg-popover p-4 text-popover-foreground shadow-2xl shadow-black/30"
    >
      <button
        type="button"
        aria-label="Dismiss reminder"
        onClick={dismiss}
        className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <div className="flex items-start gap-3 pr-8">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <AlarmClock className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-extrabold text-base leading-tight">Workout Time!</h2>
          <p className="mt-0.5 truncate font-semibold text-sm">{item.title}</p>
          <p className="text-muted-foreground text-xs">{scheduledLabel(item.workoutTime)}</p>
        </div>
      </div>
      <Button
        className="mt-3 w-full"
        onClick={() => {
          // Started: no need to keep reminding about this Pact today.
          dismiss();
          navigate(`/live/${item.challengeId}`);
        }}
      >
        <Radio aria-hidden="true" />
        Start Stream Now
      </Button>
    </aside>
  );
}
