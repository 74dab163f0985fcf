import { accentHex } from '@shared/domain/accents';
import { cn } from '../../lib/cn';

/** A team's image, else the first letter of its name on its accent (or the brand colour). */
export function TeamImage({
  team,
  className,
  'data-testid': testId,
}: {
  team: { name: string; imageUrl: string | null; accentColor?: string | null };
  className?: string;
  'data-testid'?: string;
}) {
  if (team.imageUrl) {
    return (
      <img
        src={team.imageUrl}
        alt=""
        data-testid={testId}
        className={cn('shrink-0 object-cover', className)}
      />
    );
  }
  const accent = accentHex(team.accentColor);
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      style={accent ? { background: accent } : undefined}
      className={cn(
        'flex shrink-0 items-center justify-center font-extrabold text-white',
        accent ? '' : 'bg-gradient-to-br from-primary to-emerald-700 text-primary-foreground',
        className,
      )}
    >
      {Array.from(team.name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
