import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card } from './Card';

/**
 * A card that offers one thing: an icon tile, a heading and a line of text, then its action (`children`).
 * `highlight` is the Pro pitch's look (green border and wash, a filled icon tile); `plain` a quiet card.
 */
export function IconCard({
  icon: Icon,
  title,
  text,
  tone = 'plain',
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  tone?: 'plain' | 'highlight';
  className?: string;
  children: ReactNode;
}) {
  const highlight = tone === 'highlight';
  return (
    <Card
      className={cn(
        'p-5',
        highlight &&
          'relative overflow-hidden border-primary/40 bg-gradient-to-br from-accent via-card to-card',
        className,
      )}
    >
      <div className="mb-4 flex items-start gap-4">
        <span
          className={cn(
            'flex size-12 shrink-0 items-center justify-center rounded-2xl',
            highlight ? 'bg-primary text-primary-foreground' : 'bg-primary/15 text-primary',
          )}
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-extrabold text-lg leading-tight tracking-tight">{title}</h2>
          <p className="mt-1 text-muted-foreground text-sm">{text}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}
