import { REPORT_REASON_MAX, REPORT_REASON_MIN } from '@shared/api/safety';
import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useBlockUser, useReportUser } from '../../api/safety';
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
import { toast } from '../../ui/use-toast';
import { ReportReasonDialog } from './ReportReasonDialog';

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

const reportLimits = { min: REPORT_REASON_MIN, max: REPORT_REASON_MAX };

function ReportUserDialog({ user, open, onOpenChange }: DialogProps) {
  const report = useReportUser();
  return (
    <ReportReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report user"
      description={`Tell us what is wrong with ${user.name}'s behaviour or profile.`}
      fieldId={`report-user-${user.id}`}
      placeholder="Harassment, spam, fake proofs..."
      limits={reportLimits}
      pending={report.isPending}
      send={(reason, handlers) => report.mutate({ id: user.id, reason }, handlers)}
    />
  );
}
