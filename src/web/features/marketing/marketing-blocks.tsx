import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useMe } from '../../lib/queries.ts';
import { SIGN_UP_PATH } from '../../lib/auth-paths.ts';

export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

export interface CardContent {
  icon: IconComponent;
  title: string;
  text: string;
}

/** « Accéder au tableau de bord » for a signed-in owner, « Commencer gratuitement » otherwise. */
export function StartLink({
  variant = 'primary',
  className,
}: {
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const { data: me } = useMe();
  return me ? (
    <Link to="/dashboard" className={buttonClass(variant, 'lg', className)}>
      Accéder au tableau de bord
    </Link>
  ) : (
    <Link to={SIGN_UP_PATH} className={buttonClass(variant, 'lg', className)}>
      Commencer gratuitement
    </Link>
  );
}

export function MarketingHero({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{eyebrow}</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">
          {title}
        </h1>
        <div className="mx-auto mt-5 max-w-2xl text-lg text-stone-700">{children}</div>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <StartLink />
          <a href="#tarifs" className={buttonClass('secondary', 'lg')}>
            Voir les tarifs
          </a>
        </div>
      </div>
    </section>
  );
}

/** Cards with an icon, a title (h3) and a text, under a section heading (h2). */
export function CardGrid({
  id,
  title,
  intro,
  cards,
  tone = 'brand',
  className,
}: {
  id: string;
  title: string;
  intro?: string;
  cards: CardContent[];
  tone?: 'brand' | 'orange';
  className?: string;
}) {
  const iconTone = tone === 'orange' ? 'bg-orange-100 text-orange-800' : 'bg-brand-100 text-brand-800';
  return (
    <section id={id} aria-labelledby={`${id}-titre`} className={className}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <h2 id={`${id}-titre`} className="text-center text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mx-auto mt-3 max-w-2xl text-center text-stone-700">{intro}</p>}
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map(({ icon: Icon, title: cardTitle, text }) => (
            <li key={cardTitle} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className={`flex h-11 w-11 items-center justify-center rounded-lg ${iconTone}`}>
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-semibold text-stone-900">{cardTitle}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ClosingCta({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="cta-titre" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center">
        <h2 id="cta-titre" className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-50">{text}</p>
        <div className="mt-8">
          <StartLink variant="secondary" className="border-white" />
        </div>
      </div>
    </section>
  );
}
