import { Quoted } from '../../components/quoted.tsx';
import type { LegalInfo } from '../../../shared/api/account.ts';
import { LegalSection, MailLink } from './legal-document.tsx';

/** « Politique de confidentialité »: what is collected, why, and for how long. */
export function CollectedDataSection() {
  return (
    <LegalSection title="Les données que nous traitons">
      <ul>
        <li>
          <strong>Votre compte</strong> : adresse e-mail, mot de passe (conservé uniquement sous forme d’empreinte
          chiffrée, illisible par nous), nom du restaurant et, si vous l’activez, les données de la double
          authentification (clé secrète et codes de secours).
        </li>
        <li>
          <strong>Vos recettes et vos menus</strong> : recettes, ingrédients et quantités, allergènes, régimes
          alimentaires, menus, sections et plats, codes QR, ainsi que la date de chaque scan de vos codes QR.
        </li>
        <li>
          <strong>Vos sessions de connexion</strong> : pour chaque appareil connecté, l’adresse IP, le navigateur et le
          système utilisés, les dates de connexion et d’expiration.
        </li>
        <li>
          <strong>Le paiement</strong> : l’abonnement Premium est payé par l’intermédiaire de Stripe. Nous ne recevons
          jamais votre numéro de carte ; nous conservons l’identifiant client Stripe, la formule choisie (mensuelle ou
          annuelle), le statut et les dates de l’abonnement.
        </li>
        <li>
          <strong>Les e-mails</strong> : les messages de service que nous vous envoyons (confirmation d’adresse,
          réinitialisation du mot de passe, changement d’adresse) et vos échanges avec le support.
        </li>
        <li>
          <strong>La relation client (Brevo)</strong> : adresse e-mail, nom du restaurant, formule et statut de
          l’abonnement, et les événements d’utilisation du service (recette créée, menu publié, code QR créé ou
          téléchargé, paiement commencé…). Les pages consultées s’y ajoutent seulement si vous acceptez la{' '}
          <Quoted>Mesure d’audience</Quoted>.
        </li>
        <li>
          <strong>La publicité (Meta)</strong> : seulement si vous acceptez la <Quoted>Publicité</Quoted>, le pixel Meta
          de la page de confirmation de paiement signale à Meta la souscription et son montant, avec les données
          techniques que Meta collecte elle-même (adresse IP, navigateur, cookies Meta).
        </li>
      </ul>
      <p className="rounded-lg bg-brand-50 p-4 text-stone-800">
        <strong>Les convives</strong> qui consultent un menu par code QR n’ont pas de compte : la page du menu ne dépose
        aucun cookie et ne charge aucun traceur ni script tiers. Un scan est compté (date et heure) sans enregistrer
        l’adresse IP ni aucune information sur le convive.
      </p>
    </LegalSection>
  );
}

export function PurposesSection({ legal }: { legal: LegalInfo }) {
  return (
    <LegalSection title="Pourquoi nous les traitons (finalités et bases légales)">
      <ul>
        <li>
          <strong>Fournir le service</strong> (compte, recettes et calculs nutritionnels, menus, codes QR,
          statistiques) : exécution du contrat (article 6.1.b du RGPD).
        </li>
        <li>
          <strong>Sécuriser les comptes</strong> (sessions, limitation des tentatives de connexion, double
          authentification, journaux techniques) : notre intérêt légitime à protéger votre compte et le service (article
          6.1.f).
        </li>
        <li>
          <strong>Gérer l’abonnement et la facturation</strong> : exécution du contrat ; la conservation des pièces
          comptables est une obligation légale (article 6.1.c).
        </li>
        <li>
          <strong>Envoyer les e-mails de service et répondre au support</strong> : exécution du contrat.
        </li>
        <li>
          <strong>Suivre la relation client et vous informer sur le service</strong> (Brevo) : notre intérêt légitime à
          accompagner nos clients professionnels. Vous pouvez vous y opposer à tout moment, par le lien de
          désinscription de nos messages ou en écrivant à <MailLink email={legal.contactEmail} />.
        </li>
        <li>
          <strong>Mesurer l’audience des pages</strong> : votre consentement (article 6.1.a), que vous pouvez retirer à
          tout moment.
        </li>
        <li>
          <strong>Mesurer l’efficacité de nos publicités</strong> (pixel Meta) : votre consentement, que vous pouvez
          retirer à tout moment.
        </li>
      </ul>
    </LegalSection>
  );
}

export function RetentionSection() {
  return (
    <LegalSection title="Combien de temps nous les conservons">
      <ul>
        <li>
          <strong>Compte, recettes, menus et codes QR</strong> : tant que votre compte existe. Ils sont effacés dès que
          vous supprimez votre compte, avec votre contact chez Brevo et votre fiche client chez Stripe, puis
          disparaissent des sauvegardes à mesure de leur renouvellement.
        </li>
        <li>
          <strong>Statistiques de scans</strong> : tant que le code QR concerné existe.
        </li>
        <li>
          <strong>Sessions de connexion</strong> (adresse IP, navigateur) : jusqu’à la déconnexion, ou au plus tard
          7 jours sans utilisation, puis effacées.
        </li>
        <li>
          <strong>Liens de réinitialisation du mot de passe</strong> : 1 heure, utilisables une seule fois.
        </li>
        <li>
          <strong>Données de relation client (Brevo)</strong> : tant que votre compte existe ; elles sont supprimées
          avec lui.
        </li>
        <li>
          <strong>Factures</strong> : 10 ans à compter de la clôture de l’exercice (article L. 123-22 du Code de
          commerce), dans notre compte Stripe, y compris après la suppression de votre compte.
        </li>
        <li>
          <strong>Votre choix sur les cookies</strong> : 6 mois ; la question vous est ensuite posée à nouveau.
        </li>
      </ul>
    </LegalSection>
  );
}
