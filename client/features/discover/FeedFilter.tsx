import { cn } from '../../lib/cn';

export const FEED_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'friends', label: 'Friends' },
  { value: 'popular', label: 'Popular' },
  { value: 'teams', label: 'Pro' },
] as const;
export type FeedFilterValue = (typeof FEED_FILTERS)[number]['value'];

/** The feed filter as a small segmented control over the video; 'teams' (Pro) keeps the Pacts of Pro teams. */
export function FeedFilter({
  value,
  onChange,
}: {
  value: FeedFilterValue;
  onChange: (value: FeedFilterValue) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Feed filter"
      className="flex gap-0.5 rounded-full bg-neutral-950/70 p-1 text-white shadow-lg ring-1 ring-white/15 backdrop-blur-md"
    >
      {FEED_FILTERS.map((filter) => {
        const active = filter.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons reads better than radio inputs
          <button
            key={filter.value}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(filter.value)}
            className={cn(
              'h-11 rounded-full px-4 font-semibold text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white',
              active ? 'bg-white text-black' : 'text-white/80 hover:text-white',
            )}
          >
            {filter.label}
          </button>
        );
      })}
    </div>
  );
}
