import { Quoted } from '../components/quoted.tsx';
import { Link } from 'react-router';
import { FREE_PLAN } from '../../shared/plan-texts.ts';
import { PRICES } from '../../shared/plans.ts';
import { LegalDocument, LegalSection, MailLink, PrivacyLink } from '../features/legal/legal-document.tsx';
import { formatEuros } from '../lib/format.ts';

const freePlan = [FREE_PLAN.recipes, FREE_PLAN.menus, FREE_PLAN.qrCodes].join(', ');

/** « Conditions générales » d'utilisation et de vente of the service (professional customers). */
export default function TermsPage() {
  return (
    <LegalDocument title="Conditions générales">
      {(legal) => (
        <>
          <LegalSection title="1. Objet">
            <p>
              Les présentes conditions générales régissent l’utilisation du service NutriCarte, édité par{' '}
              {legal.companyName} (voir les <Link to="/mentions-legales">mentions légales</Link>), qui permet aux
              professionnels de la restauration de calculer les valeurs nutritionnelles de leurs recettes, d’indiquer
              les allergènes, de composer des menus numériques et de les publier par code QR.
            </p>
            <p>
              Le service est réservé aux professionnels agissant dans le cadre de leur activité. La création d’un compte
              vaut acceptation des présentes conditions.
            </p>
          </LegalSection>

          <LegalSection title="2. Compte">
            <p>
              Vous vous engagez à fournir une adresse e-mail valide et des informations exactes, à garder votre mot de
              passe confidentiel et à nous prévenir sans délai de toute utilisation non autorisée de votre compte. Vous
              êtes responsable des actions réalisées avec votre compte. Nous vous recommandons d’activer la double
              authentification.
            </p>
          </LegalSection>

          <LegalSection title="3. Formules et prix">
            <ul>
              <li>
                <strong>Gratuit</strong> : sans limite de durée, jusqu’à {freePlan}, avec les calculs nutritionnels et
                le support par e-mail.
              </li>
              <li>
                <strong>Premium</strong> : recettes, menus et codes QR illimités et support prioritaire, pour{' '}
                {formatEuros(PRICES.monthlyEuros, 0)} par mois ou {formatEuros(PRICES.yearlyEuros, 0)} par an (soit{' '}
                {formatEuros(PRICES.yearlyPerMonthEuros)} par mois).
              </li>
            </ul>
            <p>
              Le premier abonnement Premium d’un compte commence par un essai gratuit de {PRICES.trialDays} jours :
              aucun montant n’est prélevé pendant l’essai, et l’abonnement résilié avant sa fin n’est pas facturé.
              L’essai est offert une seule fois : un nouvel abonnement après une résiliation est facturé dès sa
              souscription. Le paiement est réalisé par carte bancaire par l’intermédiaire de Stripe ; l’abonnement est
              ensuite prélevé au début de chaque période (mois ou année) et renouvelé tacitement. Les prix sont exprimés
              en euros ; chaque facture, mise à disposition dans l’espace de gestion de l’abonnement, détaille la TVA
              applicable. Un changement de prix vous est annoncé par e-mail au moins 30 jours avant de s’appliquer, à la
              période suivante.
            </p>
          </LegalSection>

          <LegalSection title="4. Résiliation">
            <p>
              Vous pouvez résilier l’abonnement Premium à tout moment depuis la page{' '}
              <Link to="/subscription">
                <Quoted>Mon Abonnement</Quoted>
              </Link>
              . La résiliation prend effet à la fin de la période en cours, payée, jusqu’à laquelle vous gardez l’accès
              Premium ; aucune période entamée n’est remboursée. Votre compte revient ensuite à la formule gratuite :
              vos données sont conservées, mais vous ne pouvez plus en créer au-delà des limites de cette formule.
            </p>
            <p>
              Vous pouvez supprimer votre compte à tout moment depuis la page{' '}
              <Link to="/account">
                <Quoted>Mon compte</Quoted>
              </Link>
               : un abonnement Premium en cours est alors résilié immédiatement, sans remboursement de la période
              entamée, vos données sont effacées, vos menus publics affichent <Quoted>Menu non trouvé</Quoted> et les
              codes QR déjà imprimés ne mènent plus à votre carte. En cas de manquement grave aux présentes conditions
              (usage frauduleux, contenu illicite, atteinte à la sécurité du service), nous pouvons suspendre ou fermer
              le compte, après un avertissement par e-mail resté sans effet, sauf urgence.
            </p>
          </LegalSection>

          <LegalSection title="5. Informations nutritionnelles et allergènes">
            <p>
              Les valeurs nutritionnelles sont calculées à partir des quantités que vous saisissez et des valeurs
              moyennes de la table Ciqual de l’Anses. Ces données sont <strong>indicatives</strong> : elles ne
              remplacent pas une analyse en laboratoire et peuvent différer de la composition réelle de vos plats
              (variétés, recettes des fournisseurs, cuisson, portions). Les allergènes proposés à partir des ingrédients
              sont de simples suggestions, à vérifier.
            </p>
            <p>
              <strong>Vous restez seul responsable des informations fournies à vos clients</strong>, notamment de la
              déclaration des allergènes, obligatoire pour chaque plat servi (règlement (UE) n° 1169/2011 dit{' '}
              <Quoted>INCO</Quoted>, articles 9 et 44, et décret n° 2015-447 du 17 avril 2015), y compris des traces
              éventuelles, ainsi que de l’exactitude des valeurs nutritionnelles et du Nutri-Score que vous choisissez
              d’afficher. Vérifiez ces informations avant de les publier et mettez-les à jour à chaque changement de
              recette ou de fournisseur.
            </p>
          </LegalSection>

          <LegalSection title="6. Vos contenus">
            <p>
              Vos recettes, menus et textes restent votre propriété. Vous nous autorisez à les héberger, à les traiter
              et à les afficher, pour la seule fourniture du service, notamment sur les pages publiques de vos menus.
              Vous garantissez disposer des droits nécessaires sur ces contenus et qu’ils ne sont ni illicites ni
              trompeurs.
            </p>
          </LegalSection>

          <LegalSection title="7. Disponibilité du service">
            <p>
              Nous faisons nos meilleurs efforts pour que le service et les pages publiques de vos menus soient
              accessibles en permanence, sans pouvoir le garantir : des interruptions peuvent survenir pour maintenance,
              mise à jour ou en cas d’incident. Nous vous conseillons de conserver une copie de vos données, par exemple
              avec <Quoted>Exporter mes données</Quoted> dans <Quoted>Mon compte</Quoted>.
            </p>
          </LegalSection>

          <LegalSection title="8. Responsabilité">
            <p>
              Notre responsabilité est limitée aux dommages directs prouvés résultant d’un manquement à nos obligations,
              dans la limite des sommes que vous nous avez payées au cours des douze mois précédant le fait générateur.
              Nous ne répondons ni des dommages indirects (perte de chiffre d’affaires, atteinte à l’image) ni des
              conséquences d’informations inexactes saisies ou publiées par vous.
            </p>
          </LegalSection>

          <LegalSection title="9. Données personnelles">
            <p>
              Les traitements de données personnelles liés au service sont décrits dans notre <PrivacyLink />.
            </p>
          </LegalSection>

          <LegalSection title="10. Modification des conditions">
            <p>
              Nous pouvons faire évoluer ces conditions. Toute modification importante vous est notifiée par e-mail au
              moins 30 jours avant son entrée en vigueur ; si vous la refusez, vous pouvez résilier votre abonnement ou
              supprimer votre compte avant cette date.
            </p>
          </LegalSection>

          <LegalSection title="11. Droit applicable et litiges">
            <p>
              Les présentes conditions sont soumises au droit français. En cas de différend, écrivez-nous d’abord à{' '}
              <MailLink email={legal.contactEmail} /> pour rechercher une solution amiable. À défaut d’accord dans un
              délai de 30 jours, le litige sera porté devant les tribunaux compétents du ressort du siège de{' '}
              {legal.companyName}.
            </p>
          </LegalSection>
        </>
      )}
    </LegalDocument>
  );
}
