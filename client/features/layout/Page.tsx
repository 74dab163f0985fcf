import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BottomNav } from './BottomNav';

type PageProps = {
  title: ReactNode;
  /** Shows a back arrow to this path. */
  back?: string;
  /** The browser tab's title when `title` is not plain text. */
  documentTitle?: string;
  /** Icon buttons at the right end of the header. */
  actions?: ReactNode;
  /** Carries the bottom navigation and pads the content so nothing hides behind it. */
  nav?: boolean;
  className?: string;
  children: ReactNode;
};

/** The frame of every signed-in screen: a sticky header, the content column and optionally the bottom bar. */
export function Page({ title, documentTitle, back, actions, nav = false, className, children }: PageProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className={cn('min-h-dvh bg-background', nav ? 'pb-nav' : 'pb-safe')}>
      <header className="sticky top-0 z-30 border-border/60 border-b bg-background/85 pt-safe backdrop-blur-xl">
        <div className="mx-auto flex h-14 max-w-md items-center gap-2 px-4">
          {back ? (
            <Link
              href={back}
              aria-label="Back"
              className="-ml-2 flex size-11 items-center justify-center rounded-full text-foreground transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ArrowLeft className="size-5" aria-hidden="true" />
            </Link>
          ) : null}
          <h1 className="min-w-0 flex-1 truncate font-extrabold text-xl tracking-tight">{title}</h1>
          {actions ? <div className="flex items-center gap-1">{actions}</div> : null}
        </div>
      </header>
      <main className={cn('mx-auto w-full max-w-md px-4 pt-4', className)}>{children}</main>
      {nav ? <BottomNav /> : null}
    </div>
  );
}

/** A titled block inside a page. */
export function Section({
  title,
  action,
  children,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('mt-6 first:mt-2', className)}>
      {/* Wraps: an action wider than the room beside the title goes under it (never breaking the title's words). */}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 className="font-bold text-lg tracking-tight">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
