import { useAuth } from '../../api/auth';
import { Page } from '../layout/Page';
import { POLICY_SECTIONS } from './policy-content';

/** Policy (/policy), readable signed in or out. */
export function PolicyPage() {
  const { user } = useAuth();
  return (
    <Page back={user ? '/settings' : '/'} title="Privacy & Terms" className="pb-10">
      <nav aria-label="Sections" className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 pb-2">
        {POLICY_SECTIONS.map(({ id, title }) => (
          <a
            key={id}
            href={`#${id}`}
            className="flex min-h-11 shrink-0 items-center rounded-full border border-border bg-card px-3.5 font-medium text-xs transition-colors hover:bg-secondary"
          >
            {title}
          </a>
        ))}
      </nav>
      {POLICY_SECTIONS.map(({ id, title, body }) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-title`}
          className="mt-4 scroll-mt-20 rounded-2xl border border-border bg-card p-5 text-sm leading-relaxed [&_h3]:mt-4 [&_h3]:font-bold [&_h3]:text-foreground [&_li]:mt-1.5 [&_p+p]:mt-3 [&_p]:text-card-foreground/90 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5"
        >
          <h2 id={`${id}-title`} className="mb-3 font-extrabold text-lg tracking-tight">
            {title}
          </h2>
          {body}
        </section>
      ))}
    </Page>
  );
}
