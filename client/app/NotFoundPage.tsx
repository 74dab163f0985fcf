import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import { buttonVariants } from '../ui/Button';

/** An unknown route shows "404 Page Not Found". */
export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-center pt-safe pb-safe">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <SearchX className="size-8" aria-hidden="true" />
      </div>
      <p className="font-black text-6xl text-brand-ink tracking-tight">404</p>
      <h1 className="mt-2 font-extrabold text-2xl tracking-tight">Page Not Found</h1>
      <p className="mt-2 max-w-xs text-muted-foreground text-sm">
        This page does not exist or has moved. Let's get you back to your Pacts.
      </p>
      <Link href="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        Back to Home
      </Link>
    </main>
  );
}
