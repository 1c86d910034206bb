import type { Kysely } from 'kysely';
import type { LegalInfo } from '../../../shared/api/account.ts';
import { establishmentAddressLine } from '../../../shared/establishment.ts';
import { formatSiret } from '../../../shared/legal-notice.ts';
import type { DB } from '../../db/schema.ts';
import { escapeHtml as e } from '../../lib/html.ts';
import { isUuid } from '../../lib/ids.ts';
import { renderMenuNotFoundPage } from './render.ts';
import { renderPage } from './page.ts';

/** What the restaurant's notice names: its establishment, as the owner filled it in. */
export interface RestaurantNotice {
  menuId: string;
  name: string;
  legalName: string | null;
  address: string | null;
  phone: string | null;
  siret: string | null;
  publicationDirector: string | null;
}

/** The establishment of an active menu, or null (an unknown or switched-off menu has no public notice). */
export async function loadRestaurantNotice(db: Kysely<DB>, menuId: string): Promise<RestaurantNotice | null> {
  if (!isUuid(menuId)) return null;
  const row = await db
    .selectFrom('menus as m')
    .innerJoin('establishments as e', 'e.id', 'm.establishment_id')
    .select([
      'e.name',
      'e.legal_name',
      'e.address',
      'e.postal_code',
      'e.city',
      'e.phone',
      'e.siret',
      'e.publication_director',
    ])
    .where('m.id', '=', menuId)
    .where('m.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  return {
    menuId,
    name: row.name,
    legalName: row.legal_name,
    address: establishmentAddressLine({ address: row.address, postalCode: row.postal_code, city: row.city }),
    phone: row.phone,
    siret: row.siret,
    publicationDirector: row.publication_director,
  };
}

const section = (title: string, body: string) => `<section><h2>${title}</h2>${body}</section>`;
const p = (text: string) => `<p>${text}</p>`;

/**
 * « Mentions légales » of the restaurant whose menu a diner reads (loi n° 2004-575, article 6 III):
 * who publishes the menu, where, its SIRET, its publication director, and who hosts the page
 * (NutriCarte's operator and its host, from the LEGAL_* settings). Server-rendered, no script;
 * French only, like NutriCarte's own legal pages. A line the owner left empty says so plainly.
 */
export function renderRestaurantNotice(notice: RestaurantNotice, legal: LegalInfo): string {
  const publisher = notice.legalName ?? notice.name;
  const details = [
    `<strong>${e(publisher)}</strong>${notice.legalName && notice.legalName !== notice.name ? ` (${e(notice.name)})` : ''}`,
    notice.address && e(notice.address),
    notice.phone && `Téléphone : ${e(notice.phone)}`,
    notice.siret ? `SIRET : ${e(formatSiret(notice.siret))}` : 'SIRET : non renseigné par l’établissement',
  ].filter(Boolean);
  const director = notice.publicationDirector
    ? `Le directeur de la publication est ${e(notice.publicationDirector)}.`
    : `Le directeur de la publication est le représentant légal de ${e(publisher)}.`;
  const operator = [legal.companyName, legal.legalForm, legal.address].filter(Boolean).map((v) => e(v!));
  const host = legal.host
    ? `L’hébergeur du site est ${e(legal.host)}.`
    : `Le nom et les coordonnées de l’hébergeur sont communiqués sur simple demande à ${e(legal.contactEmail)}.`;
  return renderPage({
    title: `Mentions légales · ${notice.name}`,
    description: `Mentions légales de la carte de ${notice.name}`,
    banner: `<p class="resto">${e(notice.name)}</p>`,
    intro: `<div class="title"><h1>Mentions légales</h1></div>`,
    main:
      section('Éditeur de la carte', `<p class="lines">${details.join('<br>')}</p>`) +
      section('Directeur de la publication', p(director)) +
      section(
        'Hébergement',
        p(`La carte est publiée avec le service NutriCarte, édité par ${operator.join(', ')}.`) + p(host),
      ) +
      section(
        'Informations sur les plats',
        p(
          'Les valeurs nutritionnelles sont calculées à partir de la table Ciqual de l’Anses et restent indicatives. ' +
            'Pour toute question sur les allergènes, adressez-vous au personnel.',
        ),
      ) +
      `<p class="pm"><a href="/menu/${e(notice.menuId)}">Retour à la carte</a></p>`,
  });
}

/** The calm 404 of an unknown or switched-off menu's notice. */
export const renderNoticeNotFound = () => renderMenuNotFoundPage();
