import { cn } from '../../lib/cn';

/** A team's image, else the first letter of its name on the brand colour. */
export function TeamImage({
  team,
  className,
}: {
  team: { name: string; imageUrl: string | null };
  className?: string;
}) {
  if (team.imageUrl) {
    return <img src={team.imageUrl} alt="" className={cn('shrink-0 object-cover', className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center bg-gradient-to-br from-primary to-emerald-700 font-extrabold text-primary-foreground',
        className,
      )}
    >
      {Array.from(team.name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
