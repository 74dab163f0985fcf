import { DATA_TYPES, type DeletionRequestBody } from '@shared/api/privacy';
import { DELETION_REASON_MAX_LENGTH, EMAIL_MAX_LENGTH } from '@shared/domain/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../api/auth';
import { errorMessage, errorStatus } from '../../api/errors';
import { privacyKeys, requestDeletion } from '../../api/privacy';
import { cameFrom } from '../../lib/came-from';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { LimitedTextarea } from '../../ui/LimitedField';
import { toast } from '../../ui/use-toast';
import { Page } from '../layout/Page';
import { DATA_TYPE_LABELS } from './data-type-labels';
import { EMPTY_SELECTION, setFullAccount, toggleType } from './deletion-selection';

/** Delete My Data (/deletemydata): works signed in and signed out. */
export function DeleteMyDataPage() {
  const id = useId();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [selection, setSelection] = useState(EMPTY_SELECTION);
  const [contactEmail, setContactEmail] = useState(user?.email ?? '');
  const [reason, setReason] = useState('');
  const nothingSelected = selection.types.length === 0;
  const queryClient = useQueryClient();

  const submit = useMutation({
    mutationFn: (body: DeletionRequestBody) => requestDeletion(body),
    onSuccess: () => {
      toast({
        title: 'Request Submitted',
        description:
          "Your data deletion request has been submitted. You'll receive confirmation within 48 hours.",
        variant: 'success',
      });
      setSelection(EMPTY_SELECTION);
      setReason('');
      // Settings lists the scheduled request with its Cancel button.
      void queryClient.invalidateQueries({ queryKey: privacyKeys.all });
    },
    onError: (error) => {
      console.error('Deletion request failed', error);
      // A limit (e.g. a confirmation already mailed to this address within the hour) says what to do next.
      const limited = errorStatus(error) === 429;
      toast({
        title: limited ? 'Request Not Sent' : 'Request Failed',
        description: limited
          ? errorMessage(error)
          : 'Unable to submit deletion request. Please try again or contact support.',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nothingSelected) {
      toast({
        title: 'Selection Required',
        description: 'Please select at least one type of data to delete.',
      });
      return;
    }
    submit.mutate({
      userId: user?.id ?? null,
      dataTypes: selection.types,
      reason: reason.trim() || null,
      contactEmail: contactEmail.trim(),
      fullAccountDeletion: selection.full,
    });
  };

  // Back leads where the user came from (Settings, the policy, ...), else Settings or the sign-in screen.
  const back = cameFrom(user ? '/settings' : '/');
  return (
    <Page back={back} title="Delete My Data" className="pb-10">
      <Card className="flex gap-3 border-destructive/30 bg-destructive/5 p-4">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <p className="text-sm leading-relaxed">
          Choose what to erase. Deleted data cannot be recovered.
          {user
            ? ' Requests run after a 48-hour grace period, which you can use to cancel.'
            : ' We will email a confirmation link to the address below before anything is deleted.'}
        </p>
      </Card>

      <form onSubmit={onSubmit} className="mt-5 flex flex-col gap-5">
        <fieldset className="rounded-2xl border border-border bg-card p-4">
          <legend className="sr-only">Data to delete</legend>
          <label
            htmlFor={`${id}-full`}
            className={cn(
              'flex items-center gap-3 rounded-xl border p-3 transition-colors',
              selection.full ? 'border-destructive/60 bg-destructive/10' : 'border-border',
            )}
          >
            <Checkbox
              id={`${id}-full`}
              checked={selection.full}
              onCheckedChange={(checked) => setSelection(setFullAccount(checked === true))}
              className="data-[state=checked]:border-destructive data-[state=checked]:bg-destructive data-[state=checked]:text-destructive-foreground"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-sm">Delete Entire Account</span>
              <span className="text-muted-foreground text-xs">Everything below, and your sign-in</span>
            </span>
          </label>
          <ul className="mt-2 divide-y divide-border">
            {DATA_TYPES.map((type) => (
              <li key={type} className="flex items-center gap-3 px-3 py-1">
                <Checkbox
                  id={`${id}-${type}`}
                  checked={selection.types.includes(type)}
                  disabled={selection.full}
                  onCheckedChange={(checked) => setSelection((s) => toggleType(s, type, checked === true))}
                />
                <Label htmlFor={`${id}-${type}`} className="flex min-h-11 flex-1 items-center font-normal">
                  {DATA_TYPE_LABELS[type]}
                </Label>
              </li>
            ))}
          </ul>
        </fieldset>

        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Contact Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={contactEmail}
            onChange={(e) => setContactEmail(e.target.value)}
            placeholder="you@example.com"
            // Signed in, the mails go to the account's own email (docs/PRIVACY.md): the field shows it.
            readOnly={user !== null}
            aria-describedby={user ? `${id}-email-note` : undefined}
          />
          {user ? (
            <p id={`${id}-email-note`} className="text-muted-foreground text-xs">
              We write to your account's email, with a link to cancel.
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-reason`}>
            Reason <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <LimitedTextarea
            id={`${id}-reason`}
            rows={3}
            max={DELETION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Tell us why you're leaving (optional)"
          />
        </div>

        <div className="flex flex-col-reverse gap-3">
          <Button variant="outline" size="lg" className="w-full" onClick={() => navigate(back)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            size="lg"
            className="w-full"
            disabled={nothingSelected || submit.isPending}
          >
            {submit.isPending ? 'Submitting...' : 'Submit Deletion Request'}
          </Button>
        </div>
      </form>
    </Page>
  );
}
