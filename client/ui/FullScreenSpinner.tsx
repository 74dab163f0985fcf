import { Spinner } from './Spinner';

export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background text-brand-ink">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
