import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LegalInfo } from '../../../shared/api/account.ts';
import { Spinner } from '../../components/ui/card.tsx';
import { formatDate } from '../../lib/format.ts';
import { usePublicConfig } from '../../lib/queries.ts';

/** Date shown as « Dernière mise à jour » on the three legal pages: change it with their text. */
export const LEGAL_TEXTS_UPDATED_AT = '2026-11-21';

// Long-form typography for the legal texts (no typography plugin): readable line length,
// spaced paragraphs and lists, visible links.
const prose =
  'text-[0.9375rem] leading-relaxed text-stone-700 sm:text-base ' +
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_dl]:mt-3 ' +
  '[&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_a]:[overflow-wrap:anywhere] [&_strong]:text-stone-900';

/**
 * The frame of a legal page: title, date, and a body written from the publisher details of
 * GET /api/config (with their loading and error states).
 */
export function LegalDocument({
  title,
  updatedAt = LEGAL_TEXTS_UPDATED_AT,
  children,
}: {
  title: string;
  /** « Dernière mise à jour »: the legal texts' date unless the page has its own (the accessibility statement's audit). */
  updatedAt?: string;
  children: (legal: LegalInfo) => ReactNode;
}) {
  const config = usePublicConfig();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <title>{`${title} – NutriCarte`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-stone-500">Dernière mise à jour : {formatDate(updatedAt)}</p>
      {config.data ? (
        <div className={prose}>{children(config.data.legal)}</div>
      ) : config.isError ? (
        <p role="alert" className="mt-8 rounded-lg bg-red-50 p-4 text-red-800">
          Cette page n’a pas pu être chargée. Vérifiez votre connexion puis rechargez la page.
        </p>
      ) : (
        <Spinner label="Chargement..." />
      )}
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold text-stone-900 sm:text-2xl">{title}</h2>
      {children}
    </section>
  );
}

/** « Nom : valeur » lines; a value left unconfigured (null) drops its line. */
export function DetailList({ rows }: { rows: [label: string, value: ReactNode | null][] }) {
  return (
    <dl className="space-y-1 rounded-lg border border-stone-200 bg-white p-4">
      {rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label} className="sm:flex sm:gap-2">
            <dt className="font-medium text-stone-900">{label} :</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export const MailLink = ({ email }: { email: string }) => <a href={`mailto:${email}`}>{email}</a>;

/** The publisher: who runs NutriCarte and how to reach them. */
export function PublisherDetails({ legal }: { legal: LegalInfo }) {
  return (
    <DetailList
      rows={[
        ['Dénomination', legal.companyName],
        ['Forme juridique', legal.legalForm],
        ['Immatriculation', legal.registration],
        ['Siège social', legal.address],
        ['Contact', <MailLink email={legal.contactEmail} />],
      ]}
    />
  );
}

export const PrivacyLink = () => <Link to="/confidentialite">politique de confidentialité</Link>;
