import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../../api/errors';
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
import { LimitedTextarea } from '../../ui/LimitedField';
import { toast } from '../../ui/use-toast';

type SendHandlers = { onSuccess: () => void; onError: (error: unknown) => void };

type ReportReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Id of the reason field, unique per reported thing. */
  fieldId: string;
  placeholder: string;
  limits: { min: number; max: number };
  pending: boolean;
  /** Files the report; the dialog shows the toasts and closes on success. */
  send: (reason: string, handlers: SendHandlers) => void;
};

/** A report with a typed reason, for a Pact or a user; the server's refusal shows as a toast. */
export function ReportReasonDialog(props: ReportReasonDialogProps) {
  const { open, onOpenChange, limits, pending } = props;
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const valid = trimmed.length >= limits.min && trimmed.length <= limits.max;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    props.send(trimmed, {
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
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={props.fieldId}>Reason</Label>
            <LimitedTextarea
              id={props.fieldId}
              value={reason}
              max={limits.max}
              onChange={(event) => setReason(event.target.value)}
              placeholder={props.placeholder}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!valid || pending}>
              {pending ? 'Reporting...' : 'Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
