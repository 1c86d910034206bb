import { Quoted } from '../components/quoted.tsx';
import { Link } from 'react-router';
import { CIQUAL_ATTRIBUTION, CIQUAL_URL } from '../../shared/ciqual.ts';
import {
  LegalDocument,
  LegalSection,
  MailLink,
  PrivacyLink,
  PublisherDetails,
} from '../features/legal/legal-document.tsx';

/** « Mentions légales » (loi n° 2004-575 du 21 juin 2004, article 6). */
export default function LegalNoticePage() {
  return (
    <LegalDocument title="Mentions légales">
      {(legal) => (
        <>
          <LegalSection title="Éditeur">
            <p>
              Le site et le service NutriCarte, outil de fiches nutritionnelles, d’allergènes et de menus numériques
              pour la restauration, sont édités par :
            </p>
            <PublisherDetails legal={legal} />
          </LegalSection>

          <LegalSection title="Directeur de la publication">
            <p>
              {legal.publicationDirector
                ? `Le directeur de la publication est ${legal.publicationDirector}.`
                : `Le directeur de la publication est le représentant légal de ${legal.companyName}.`}
            </p>
          </LegalSection>

          <LegalSection title="Hébergement">
            {legal.host ? (
              <p>
                Le site est hébergé par : <strong>{legal.host}</strong>.
              </p>
            ) : (
              <p>
                Le nom et les coordonnées de l’hébergeur du site sont communiqués sur simple demande à{' '}
                <MailLink email={legal.contactEmail} />.
              </p>
            )}
          </LegalSection>

          <LegalSection title="Contact">
            <p>
              Pour toute question sur le site ou le service, ou pour signaler un contenu illicite :{' '}
              <MailLink email={legal.contactEmail} />.
            </p>
          </LegalSection>

          <LegalSection title="Propriété intellectuelle">
            <p>
              La marque NutriCarte, le logiciel, la structure du site, ses textes, illustrations et éléments graphiques
              sont la propriété de {legal.companyName} ou font l’objet d’une autorisation d’utilisation. Toute
              reproduction, représentation ou adaptation, totale ou partielle, sans autorisation écrite préalable est
              interdite (articles L. 122-4 et L. 335-2 du Code de la propriété intellectuelle).
            </p>
            <p>
              Les recettes, menus et textes saisis par les restaurateurs restent leur propriété ; les{' '}
              <Link to="/conditions-generales">conditions générales</Link> précisent ce que NutriCarte peut en faire
              pour rendre le service.
            </p>
          </LegalSection>

          <LegalSection title="Données nutritionnelles Ciqual">
            <p>
              Les valeurs nutritionnelles des ingrédients proviennent de la table de composition nutritionnelle des
              aliments Ciqual, publiée par l’Agence nationale de sécurité sanitaire de l’alimentation, de
              l’environnement et du travail (Anses) et réutilisée selon les termes de la Licence Ouverte Etalab 2.0 :
            </p>
            <p
              className="rounded-lg border border-stone-200 bg-white p-4 text-sm"
              data-testid="legal-ciqual-attribution"
            >
              {CIQUAL_ATTRIBUTION}
            </p>
            <p>
              Consulter la table : <a href={CIQUAL_URL}>{CIQUAL_URL}</a>. L’Anses n’est pas associée à NutriCarte et ne
              cautionne pas les calculs réalisés par l’application, qui restent indicatifs.
            </p>
          </LegalSection>

          <LegalSection title="Données personnelles et cookies">
            <p>
              La manière dont nous traitons vos données personnelles, les cookies utilisés et vos droits sont décrits
              dans notre <PrivacyLink />. Vous pouvez modifier vos choix de cookies à tout moment avec le lien{' '}
              <Quoted>Gestion des cookies</Quoted> en bas de chaque page.
            </p>
          </LegalSection>
        </>
      )}
    </LegalDocument>
  );
}
