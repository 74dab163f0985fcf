import { REPORT_REASON_MAX, REPORT_REASON_MIN } from '@shared/api/safety';
import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/use-toast';
import { useBlockUser, useReportUser } from './queries';

type Target = { id: string; name: string };

/** The '...' menu of another user's page: Block user (confirmed) and Report user (with a reason). */
export function UserSafetyMenu({ user }: { user: Target }) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="More options">
            <MoreHorizontal aria-hidden="true" className="size-5!" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setDialog('report')}>
            <Flag aria-hidden="true" />
            Report user
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog('block')}>
            <Ban aria-hidden="true" />
            Block user
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockDialog
        user={user}
        open={dialog === 'block'}
        onOpenChange={(o) => setDialog(o ? 'block' : null)}
      />
      <ReportUserDialog
        user={user}
        open={dialog === 'report'}
        onOpenChange={(o) => setDialog(o ? 'report' : null)}
      />
    </>
  );
}

type DialogProps = { user: Target; open: boolean; onOpenChange: (open: boolean) => void };

function BlockDialog({ user, open, onOpenChange }: DialogProps) {
  const block = useBlockUser();
  const confirm = () =>
    block.mutate(user.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'User blocked', description: `You blocked ${user.name}. Unblock them in Settings.` });
      },
      onError: (error) =>
        toast({ title: 'Could not block', description: errorMessage(error), variant: 'destructive' }),
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Block {user.name}?</DialogTitle>
          <DialogDescription>
            You will stop being friends and will no longer see each other anywhere: profiles, Pacts, chats,
            activity and leaderboards. You can unblock them later in Settings.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={block.isPending}>
            {block.isPending ? 'Blocking...' : 'Block'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ReportUserDialog({ user, open, onOpenChange }: DialogProps) {
  const [reason, setReason] = useState('');
  const report = useReportUser();
  const trimmed = reason.trim();
  const valid = trimmed.length >= REPORT_REASON_MIN && trimmed.length <= REPORT_REASON_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    report.mutate(
      { id: user.id, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Report sent', description: 'Thanks. Our moderators will take a look.' });
          setReason('');
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: 'Report not sent',
            description: errorMessage(error, 'Failed to send the report'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report user</DialogTitle>
          <DialogDescription>
            Tell us what is wrong with {user.name}'s behaviour or profile.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`report-user-${user.id}`}>Reason</Label>
            <Textarea
              id={`report-user-${user.id}`}
              value={reason}
              maxLength={REPORT_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Harassment, spam, fake proofs..."
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!valid || report.isPending}>
              {report.isPending ? 'Reporting...' : 'Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
