import type { ModerationReport, ReportAction } from '@shared/api/safety';
import { EyeOff, Flag, Gavel, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../api/errors';
import { useResolveReport } from '../../api/safety';
import { relativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import { toast } from '../../ui/use-toast';
import { ACTION_LABEL, banTarget, reportActions, resolvedText } from './admin-logic';

const ICONS = { hide: EyeOff, ban: Gavel, dismiss: X } as const;

function nameOf(u: { firstName: string | null; lastName?: string | null; username: string } | null) {
  if (!u) return 'Unknown';
  return [u.firstName?.trim(), u.lastName?.trim()].filter(Boolean).join(' ') || u.username;
}

/** One open report with what it points at and the moderator's actions. */
export function ReportCard({ report, now }: { report: ModerationReport; now: Date }) {
  const resolve = useResolveReport();
  const [confirmBan, setConfirmBan] = useState(false);
  const target = banTarget(report);
  const act = (action: ReportAction) =>
    resolve.mutate(
      { id: report.id, action },
      {
        onSuccess: (r) => {
          setConfirmBan(false);
          toast({ title: resolvedText(action, r.closed), variant: 'success' });
        },
        onError: (error) =>
          toast({ title: 'Action failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <li className="rounded-2xl border border-border bg-card p-4" data-testid="moderation-report">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={report.kind === 'pact' ? 'secondary' : 'outline'}>
          <Flag aria-hidden="true" />
          {report.kind === 'pact' ? 'Pact' : 'User'}
        </Badge>
        {report.reportCount > 1 ? <Badge variant="destructive">{report.reportCount} reports</Badge> : null}
        <span className="ml-auto text-muted-foreground text-xs">{relativeTime(report.createdAt, now)}</span>
      </div>
      {report.pact ? (
        <div className="mt-3">
          <p className="font-semibold">{report.pact.title}</p>
          <p className="line-clamp-2 text-muted-foreground text-sm">{report.pact.description}</p>
          <p className="mt-1 text-muted-foreground text-xs">
            by {nameOf(report.pact.creator)} · {report.pact.visibility}
            {report.pact.isHidden ? ' · hidden' : ''}
          </p>
        </div>
      ) : null}
      {report.user ? (
        <Link
          href={`/user/${report.user.id}`}
          className="mt-3 flex items-center gap-3 rounded-xl hover:bg-secondary"
        >
          <Avatar user={report.user} className="size-10" />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{nameOf(report.user)}</span>
            <span className="block truncate text-muted-foreground text-xs">
              @{report.user.username}
              {report.user.bannedAt ? ' · banned' : ''}
            </span>
          </span>
        </Link>
      ) : null}
      <blockquote className="mt-3 rounded-xl bg-muted px-3 py-2 text-sm">
        “{report.reason}”
        <footer className="mt-1 text-muted-foreground text-xs">— {nameOf(report.reporter)}</footer>
      </blockquote>
      <div className="mt-3 flex flex-wrap gap-2">
        {reportActions(report).map((action) => {
          const Icon = ICONS[action];
          return (
            <Button
              key={action}
              size="sm"
              className="min-w-24 flex-1 px-2"
              variant={action === 'dismiss' ? 'outline' : action === 'ban' ? 'destructive' : 'secondary'}
              disabled={resolve.isPending}
              onClick={() => (action === 'ban' ? setConfirmBan(true) : act(action))}
            >
              <Icon aria-hidden="true" />
              {ACTION_LABEL[action]}
            </Button>
          );
        })}
      </div>
      <Dialog open={confirmBan} onOpenChange={setConfirmBan}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Ban {nameOf(target)}?</DialogTitle>
            <DialogDescription>
              They are signed out everywhere and cannot sign in again. Other open reports about them close
              too.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmBan(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={resolve.isPending} onClick={() => act('ban')}>
              {resolve.isPending ? 'Banning...' : 'Ban user'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}
