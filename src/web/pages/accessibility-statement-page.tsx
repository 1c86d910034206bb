import { ACCESSIBILITY_AUDIT, accessibilityRate } from '../../shared/accessibility-audit.ts';
import { LegalDocument, LegalSection, MailLink } from '../features/legal/legal-document.tsx';
import { formatDate } from '../lib/format.ts';

const audit = ACCESSIBILITY_AUDIT;
const DEFENSEUR_FORM = 'https://formulaire.defenseurdesdroits.fr/';
const DEFENSEUR_DELEGATES = 'https://www.defenseurdesdroits.fr/carte-des-delegues';

/**
 * « Déclaration d’accessibilité » in the structure of the DINUM's model (RGAA 4.1, « Modèle de
 * déclaration d’accessibilité »): scope, state of conformity with the audited rate, contents not
 * accessible, how the statement was made, feedback and the Défenseur des droits. Its figures
 * come from src/shared/accessibility.ts, kept with docs/accessibility/rgaa-audit.md. Painted by
 * the server for a visitor, so it reads without JavaScript (src/web/shell/render-shell.tsx).
 */
export default function AccessibilityStatementPage() {
  return (
    <LegalDocument title="Déclaration d’accessibilité" updatedAt={audit.date}>
      {(legal) => (
        <>
          <p>
            {legal.companyName} s’engage à rendre son service NutriCarte accessible, conformément à l’article 47 de la
            loi n°&nbsp;2005-102 du 11&nbsp;février 2005.
          </p>
          <p>
            Cette déclaration d’accessibilité s’applique au service NutriCarte&nbsp;: son site public (accueil,
            présentation, connexion et inscription, pages légales), les menus que les restaurants publient pour leurs
            clients, les menus de la semaine que les cantines publient pour les familles, et l’espace des restaurateurs
            après connexion.
          </p>

          <LegalSection title="État de conformité">
            <p>
              NutriCarte est <strong>{audit.status}</strong> avec le référentiel général d’amélioration de
              l’accessibilité (RGAA), version&nbsp;4.1
              {audit.nonConformities.length > 0 ? ', en raison des non-conformités énumérées ci-dessous.' : '.'}
            </p>
            <h3 className="mt-6 text-lg font-bold text-stone-900">Résultats des tests</h3>
            <p>
              L’audit de conformité réalisé par l’équipe de NutriCarte (auto-évaluation) sur un échantillon de pages
              publiques et de l’espace des restaurateurs révèle que&nbsp;:
            </p>
            <ul>
              <li>
                {accessibilityRate()}&nbsp;% des critères du RGAA version&nbsp;4.1 sont respectés ({audit.met} critères
                respectés sur {audit.applicable} applicables)&nbsp;;
              </li>
              <li>la grille d’audit, critère par critère, est communiquée sur simple demande.</li>
            </ul>
          </LegalSection>

          <LegalSection title="Contenus non accessibles">
            <h3 className="mt-6 text-lg font-bold text-stone-900">Non-conformités et contenus non vérifiés</h3>
            {audit.nonConformities.length > 0 ? (
              <ul>
                {audit.nonConformities.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : (
              <p>Aucune non-conformité n’a été relevée sur les pages de l’échantillon.</p>
            )}
            <h3 className="mt-6 text-lg font-bold text-stone-900">Dérogations pour charge disproportionnée</h3>
            <p>Aucune.</p>
            <h3 className="mt-6 text-lg font-bold text-stone-900">
              Contenus non soumis à l’obligation d’accessibilité
            </h3>
            <ul>
              {audit.exempt.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </LegalSection>

          <LegalSection title="Établissement de cette déclaration d’accessibilité">
            <p>Cette déclaration a été établie le {formatDate(audit.date)}.</p>
            <h3 className="mt-6 text-lg font-bold text-stone-900">
              Technologies utilisées pour la réalisation du site
            </h3>
            <ul>
              <li>HTML5</li>
              <li>CSS</li>
              <li>JavaScript (les menus et les pages légales se lisent aussi sans)</li>
              <li>WAI-ARIA</li>
            </ul>
            <h3 className="mt-6 text-lg font-bold text-stone-900">Environnement de test</h3>
            <p>
              Chromium (Debian) et son arbre d’accessibilité, au clavier, aux largeurs de 320 et 1&nbsp;280&nbsp;pixels,
              avec et sans JavaScript pour les pages publiques, dans un navigateur réglé en français puis en anglais.
              Aucun lecteur d’écran (NVDA, JAWS, VoiceOver) n’a été utilisé&nbsp;: à sa place, l’arbre d’accessibilité
              que le navigateur transmet aux technologies d’assistance a été lu page par page (régions, titres, noms,
              rôles et états de chaque bouton, lien et champ). Une vérification avec un lecteur d’écran reste à faire.
            </p>
            <h3 className="mt-6 text-lg font-bold text-stone-900">Outils pour évaluer l’accessibilité</h3>
            <ul>
              <li>axe-core (règles WCAG 2.1 A et AA et bonnes pratiques), à chaque version du service</li>
              <li>Nu Html Checker (validation du code HTML)</li>
              <li>Inspecteur de code et arbre d’accessibilité de Chromium</li>
            </ul>
            <h3 className="mt-6 text-lg font-bold text-stone-900">
              Pages du site ayant fait l’objet de la vérification de conformité
            </h3>
            <ul>
              {audit.sample.map((page) => (
                <li key={page.path}>
                  {page.name} ({page.path})
                </li>
              ))}
            </ul>
          </LegalSection>

          <LegalSection title="Retour d’information et contact">
            <p>
              Si vous n’arrivez pas à accéder à un contenu ou à un service, vous pouvez contacter {legal.companyName}{' '}
              pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme&nbsp;:{' '}
              <MailLink email={legal.contactEmail} />.
            </p>
            <p>
              Un menu ou une semaine de cantine est publié par le restaurant ou l’établissement qui le propose&nbsp;:
              lorsqu’il l’a indiqué, son propre contact accessibilité figure en bas de la page.
            </p>
          </LegalSection>

          <LegalSection title="Voies de recours">
            <p>
              Si vous constatez un défaut d’accessibilité vous empêchant d’accéder à un contenu ou une fonctionnalité du
              site, que vous nous le signalez et que vous ne parvenez pas à obtenir une réponse de notre part, vous êtes
              en droit de faire parvenir vos doléances ou une demande de saisine au Défenseur des droits.
            </p>
            <p>Plusieurs moyens sont à votre disposition&nbsp;:</p>
            <ul>
              <li>
                écrire un message au Défenseur des droits&nbsp;: <a href={DEFENSEUR_FORM}>{DEFENSEUR_FORM}</a>&nbsp;;
              </li>
              <li>
                contacter le délégué du Défenseur des droits dans votre région&nbsp;:{' '}
                <a href={DEFENSEUR_DELEGATES}>{DEFENSEUR_DELEGATES}</a>&nbsp;;
              </li>
              <li>
                envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)&nbsp;: Défenseur des droits, Libre
                réponse 71120, 75342&nbsp;Paris CEDEX&nbsp;07.
              </li>
            </ul>
          </LegalSection>
        </>
      )}
    </LegalDocument>
  );
}
