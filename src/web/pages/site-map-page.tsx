import { Link } from 'react-router';
import { LEGAL_PAGES } from '../../shared/legal.ts';
import { ACCOUNT_LINKS, NAV_LINKS, useOrganisationLinks } from '../layouts/app-links.ts';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700';

/** The pages a working page leads to, which no header lists. */
const SUB_PAGES: Record<string, readonly { to: string; label: string }[]> = {
  '/recipes': [{ to: '/recipes/couts', label: 'Coûts et marges' }],
  '/produits': [{ to: '/produits/prix', label: 'Prix des ingrédients' }],
};

function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="mt-2 list-disc space-y-1.5 pl-5">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
          {SUB_PAGES[link.to] && <LinkList links={SUB_PAGES[link.to]!} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * « Plan du site »: every page of the signed-in space, for whoever finds a page by its name
 * rather than through the header's menus (RGAA 12.1: two ways to reach each page; 12.4: linked
 * at the same place of every footer). The organisation's pages are those the role can use, as in
 * the header. docs/decisions/0047-rgaa-signed-in-space.md.
 */
export default function SiteMapPage() {
  const organisationLinks = useOrganisationLinks();
  const sections = [
    { title: 'Pages de travail', links: NAV_LINKS },
    { title: 'Organisation', links: organisationLinks },
    { title: 'Mon compte', links: ACCOUNT_LINKS },
    { title: 'Informations', links: LEGAL_PAGES.map((page) => ({ to: page.path, label: page.title })) },
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Plan du site – NutriCarte</title>
      <h1 className="text-2xl font-bold sm:text-3xl">Plan du site</h1>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`plan-${index}`}>
          <h2 id={`plan-${index}`} className="text-lg font-semibold">
            {section.title}
          </h2>
          <LinkList links={section.links} />
        </section>
      ))}
    </div>
  );
}
