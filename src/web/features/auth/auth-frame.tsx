import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';

/** The narrow card of /auth and /reset-password: a title, a line of help, the form. */
export function AuthFrame({
  title,
  intro,
  above,
  titled = false,
  children,
}: {
  title: string;
  /** The frame's title is also the page's (RGAA 8.6): /auth, whose title follows its step. */
  titled?: boolean;
  intro?: string;
  above?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      {titled && <title>{`${title} – NutriCarte`}</title>}
      <Card className="space-y-6">
        {above}
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {intro && <p className="mt-1 text-sm text-stone-600">{intro}</p>}
        </div>
        {children}
      </Card>
    </div>
  );
}
