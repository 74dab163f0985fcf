import type { TeamPage, UpdateTeamBody } from '@shared/api/teams';
import { ACCENT_NAMES, ACCENTS, type Accent } from '@shared/domain/accents';
import {
  PRICE_MAX_DOLLARS,
  PRICE_MIN_DOLLARS,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
} from '@shared/domain/limits';
import { hasVisibleText } from '@shared/domain/text';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useUpdateTeam } from '../../api/teams';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { LimitedInput, LimitedTextarea } from '../../ui/LimitedField';
import { toast } from '../../ui/use-toast';
import { ImagePicker } from '../media/ImagePicker';
import { TeamImage } from './TeamImage';
import { parsePriceInput } from './team-format';

/** The coach edits the team's image, accent, name, description and monthly price (5 to 199 dollars). */
export function EditTeamDialog({ team, onClose }: { team: TeamPage; onClose: () => void }) {
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description);
  const [price, setPrice] = useState(String(team.subscriptionPrice / 100));
  const [image, setImage] = useState<{ mediaId: string; preview: string } | null>(null);
  const [accent, setAccent] = useState<Accent | null>((team.accentColor as Accent | null) ?? null);
  const update = useUpdateTeam();
  const parsed = parsePriceInput(price);
  const priceError = 'error' in parsed ? parsed.error : null;
  const valid = hasVisibleText(name) && hasVisibleText(description) && priceError === null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || 'error' in parsed) return;
    const changes: UpdateTeamBody = {};
    if (name.trim() !== team.name) changes.name = name.trim();
    if (description.trim() !== team.description) changes.description = description.trim();
    if (parsed.cents !== team.subscriptionPrice) changes.monthlyPrice = parsed.cents / 100;
    if (image) changes.imageMediaId = image.mediaId;
    if (accent !== (team.accentColor ?? null)) changes.accentColor = accent;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutateAsync({ id: team.id, changes }).then(
      () => {
        toast({ title: 'Team updated', description: 'Your changes are saved.', variant: 'success' });
        onClose();
      },
      (error: unknown) =>
        toast({ title: 'Failed to update team', description: errorMessage(error), variant: 'destructive' }),
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit team</DialogTitle>
          <DialogDescription>
            A new price applies to new members and to each member's next renewal.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <div className="flex items-start gap-3">
            <TeamImage
              team={{ name, imageUrl: image?.preview ?? team.imageUrl, accentColor: accent }}
              className="size-16 rounded-2xl text-2xl"
            />
            <div className="min-w-0 flex-1">
              <ImagePicker kind="team_image" label="Team image" onPicked={setImage} />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium text-sm">Accent colour</legend>
            <div className="flex flex-wrap gap-2">
              {ACCENT_NAMES.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-label={name}
                  aria-pressed={accent === name}
                  onClick={() => setAccent(accent === name ? null : name)}
                  style={{ background: ACCENTS[name] }}
                  className="size-9 rounded-full ring-offset-2 ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:ring-2 aria-pressed:ring-foreground"
                />
              ))}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor="team-name">Team name</Label>
            <LimitedInput
              id="team-name"
              value={name}
              max={TEAM_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="team-description">Team description</Label>
            <LimitedTextarea
              id="team-description"
              rows={4}
              value={description}
              max={TEAM_DESCRIPTION_MAX_LENGTH}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="team-price">Monthly price (USD)</Label>
            <Input
              id="team-price"
              inputMode="decimal"
              value={price}
              aria-invalid={priceError !== null}
              aria-describedby="team-price-hint"
              onChange={(e) => setPrice(e.target.value)}
            />
            <p
              id="team-price-hint"
              className={
                priceError ? 'font-semibold text-destructive-ink text-xs' : 'text-muted-foreground text-xs'
              }
              role={priceError ? 'alert' : undefined}
            >
              {priceError ?? `Between $${PRICE_MIN_DOLLARS} and $${PRICE_MAX_DOLLARS} a month.`}
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || !valid}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
