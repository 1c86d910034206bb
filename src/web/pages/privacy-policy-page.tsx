import { Quoted } from '../components/quoted.tsx';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { useConsent } from '../features/consent/use-consent.ts';
import { DetailList, LegalDocument, LegalSection, MailLink } from '../features/legal/legal-document.tsx';
import { CollectedDataSection, PurposesSection, RetentionSection } from '../features/legal/privacy-data-sections.tsx';

/** « Politique de confidentialité » (RGPD articles 13 and 14; CNIL guidelines on trackers). */
export default function PrivacyPolicyPage() {
  const { openPreferences } = useConsent();
  return (
    <LegalDocument title="Politique de confidentialité">
      {(legal) => (
        <>
          <p>
            NutriCarte est un service destiné aux professionnels de la restauration. Cette page explique quelles données
            personnelles nous traitons lorsque vous créez un compte et utilisez le service, pourquoi, pendant combien de
            temps, et comment exercer vos droits.
          </p>

          <LegalSection title="Responsable du traitement">
            <p>Le responsable du traitement est :</p>
            <DetailList
              rows={[
                ['Dénomination', legal.companyName],
                ['Adresse', legal.address],
                ['Contact', <MailLink email={legal.contactEmail} />],
              ]}
            />
            <p>Pour toute question sur vos données ou pour exercer vos droits, écrivez à cette adresse.</p>
          </LegalSection>

          <CollectedDataSection />
          <PurposesSection legal={legal} />
          <RetentionSection />

          <LegalSection title="Qui y a accès (destinataires et sous-traitants)">
            <p>
              Vos données sont accessibles aux seules personnes habilitées de {legal.companyName} et aux sous-traitants
              ci-dessous, dans la limite de ce qui leur est nécessaire. Nous ne vendons aucune donnée.
            </p>
            <ul>
              <li>
                <strong>Stripe</strong> (Stripe Payments Europe, Ltd., Irlande) : paiement et facturation de
                l’abonnement.
              </li>
              <li>
                <strong>Brevo</strong> (Sendinblue SAS, France) : relation client et événements d’utilisation du
                service.
              </li>
              <li>
                <strong>L’hébergeur du service</strong>
                {legal.host ? ` (${legal.host})` : ''} : stockage des données et fonctionnement des serveurs.
              </li>
              <li>
                <strong>Le prestataire d’envoi des e-mails de service</strong>.
              </li>
              <li>
                <strong>Meta</strong> (Meta Platforms Ireland Ltd., Irlande),{' '}
                <em>
                  uniquement si vous acceptez la <Quoted>Publicité</Quoted>
                </em>
                 : Meta est alors responsable, conjointement avec nous, de la collecte réalisée par son pixel.
              </li>
            </ul>
            <p>
              Stripe et Meta peuvent transférer des données aux États-Unis ; ces transferts sont encadrés par le cadre
              de protection des données UE–États-Unis (décision d’adéquation du 10 juillet 2023) et par des clauses
              contractuelles types de la Commission européenne.
            </p>
          </LegalSection>

          <LegalSection title="Cookies et traceurs">
            <ul>
              <li>
                <strong>Nécessaires au fonctionnement</strong>, sans consentement : deux cookies inaccessibles aux
                scripts, le cookie de session <Quoted>nutricarte.session_token</Quoted>, qui vous garde connecté
                (jusqu’à la déconnexion, ou au plus tard 7 jours sans utilisation), et le cookie{' '}
                <Quoted>nutricarte.two_factor</Quoted> (10 minutes), déposé seulement pendant une connexion avec double
                authentification, le temps de saisir le code ; ainsi que la mémorisation de votre choix sur les cookies
                dans votre navigateur.
              </li>
              <li>
                <strong>Mesure d’audience</strong>, avec votre accord : lorsque vous êtes connecté, l’application
                enregistre les pages que vous consultez. Aucun service tiers de mesure d’audience n’est utilisé.
              </li>
              <li>
                <strong>Publicité</strong>, avec votre accord : le pixel Meta, chargé seulement sur la page de
                confirmation d’un paiement, qui peut déposer le cookie Meta <Quoted>_fbp</Quoted> (90 jours).
              </li>
            </ul>
            <p>
              Tant que vous n’avez pas choisi, rien d’optionnel n’est chargé. Refuser est aussi simple qu’accepter et ne
              limite en rien l’utilisation de NutriCarte. Votre choix, acceptation ou refus, est conservé 6 mois ; la
              question vous est ensuite posée à nouveau. Vous pouvez le modifier à tout moment avec le lien{' '}
              <Quoted>Gestion des cookies</Quoted> en bas de chaque page ou ici :
            </p>
            {/* data-cookie-preferences: on the page the server paints, its small script opens the
                preferences from here as from the footer (src/web/landing/landing-script.ts). */}
            <Button variant="secondary" className="mt-3" onClick={openPreferences} data-cookie-preferences="">
              Modifier mes choix de cookies
            </Button>
            <p>Les pages de menu consultées par les convives ne déposent aucun cookie et ne chargent aucun traceur.</p>
          </LegalSection>

          <LegalSection title="Sécurité">
            <p>
              Les échanges sont chiffrés (HTTPS), les mots de passe ne sont jamais conservés en clair, la double
              authentification est proposée à chaque compte et vous pouvez fermer à distance une session ouverte sur un
              autre appareil. L’accès aux données est limité aux personnes qui en ont besoin.
            </p>
          </LegalSection>

          <LegalSection title="Vos droits">
            <p>
              Vous disposez d’un droit d’accès, de rectification, d’effacement et de portabilité de vos données, d’un
              droit d’opposition et de limitation, du droit de retirer votre consentement à tout moment et de définir
              des directives sur le sort de vos données après votre décès.
            </p>
            <p>
              La plupart s’exercent directement dans la page{' '}
              <Link to="/account">
                <Quoted>Mon compte</Quoted>
              </Link>
               : modifier votre adresse e-mail ou votre mot de passe,{' '}
              <strong>
                <Quoted>Exporter mes données</Quoted>
              </strong>{' '}
              (un fichier JSON avec votre profil, votre abonnement, vos recettes, menus, codes QR et sessions),{' '}
              <strong>
                <Quoted>Supprimer mon compte</Quoted>
              </strong>
              , consulter et fermer vos sessions. Pour toute autre demande, écrivez à{' '}
              <MailLink email={legal.contactEmail} />
               : nous répondons dans un délai d’un mois et pouvons vous demander de justifier de votre identité en cas
              de doute.
            </p>
          </LegalSection>

          <LegalSection title="Réclamation">
            <p>
              Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission
              nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07,
              ou en ligne sur <a href="https://www.cnil.fr/fr/plaintes">www.cnil.fr/fr/plaintes</a>.
            </p>
          </LegalSection>

          <LegalSection title="Modifications">
            <p>
              Nous pouvons mettre à jour cette politique ; la date en haut de page indique sa dernière version. En cas
              de changement important, nous vous prévenons par e-mail et, s’il touche les cookies, nous vous demandons à
              nouveau votre choix.
            </p>
          </LegalSection>
        </>
      )}
    </LegalDocument>
  );
}
