import { PACT_LIMITS } from '@shared/api/pacts';
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
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/use-toast';
import { useReportPact } from '../pacts/queries';

type ReportDialogProps = {
  pact: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Report Challenge': asks for a reason and files it for moderation (DECISIONS 2 and 4). */
export function ReportDialog({ pact, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const report = useReportPact();
  const trimmed = reason.trim();
  const valid = trimmed.length >= PACT_LIMITS.reportMin && trimmed.length <= PACT_LIMITS.reportMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    report.mutate(
      { id: pact.id, reason: trimmed },
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
          <DialogTitle>Report Challenge</DialogTitle>
          <DialogDescription>Tell us what is wrong with “{pact.title}”.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`report-reason-${pact.id}`}>Reason</Label>
            <Textarea
              id={`report-reason-${pact.id}`}
              value={reason}
              maxLength={PACT_LIMITS.reportMax}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Spam, unsafe exercise, offensive content..."
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
