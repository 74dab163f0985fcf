import type { ReactNode } from 'react';
import { BrandMark } from '../auth/BrandMark';

/** The centred card of the pages a mailed link opens (verify email, new password), signed in or out. */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-background px-5 pt-safe pb-safe">
      <div className="flex w-full max-w-sm flex-col items-center gap-5 pt-16">
        <BrandMark />
        <h1 className="text-center font-extrabold text-2xl tracking-tight">{title}</h1>
        <div className="flex w-full flex-col gap-4 rounded-2xl border border-border bg-card/70 p-5">
          {children}
        </div>
      </div>
    </main>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-destructive-ink text-sm"
    >
      {children}
    </p>
  );
}

/** A token from the page's query string (`?token=`), or ''. */
export function tokenFromLocation(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}
