import { useId, type ReactNode } from 'react';
import { Card } from './card.tsx';
import { cn } from '../../lib/cn.ts';

/** A titled card that is a landmark named by its title: the sections of « Mon compte », « Équipe », « Établissements ». */
export function TitledCard({
  title,
  description,
  aside,
  danger = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Beside the title: a status badge. */
  aside?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card className={cn('space-y-4', danger && 'border-red-200 bg-red-50/40')}>
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className={cn('mr-auto text-lg font-semibold', danger && 'text-red-800')}>
              {title}
            </h2>
            {aside}
          </div>
          {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}
