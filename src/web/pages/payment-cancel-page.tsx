import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { ReturnPageFrame } from '../features/billing/return-page-frame.tsx';
import { XCircleIcon } from '../features/marketing/icons.tsx';

/** docs/product/spec.md « Payment cancel page ». */
function PaymentCancelPageContent() {
  return (
    <ReturnPageFrame>
      <XCircleIcon className="mx-auto h-14 w-14 text-orange-600" />
      <h1 className="mt-4 text-2xl font-bold">Paiement annulé</h1>
      <p className="mt-2 text-stone-700">Vous avez interrompu le paiement : aucun frais n’a été prélevé.</p>
      <p className="mt-2 text-stone-700">
        Vous gardez l’accès à toutes les fonctionnalités du plan gratuit, et vous pouvez passer au Premium quand vous le
        souhaitez.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/dashboard" className={buttonClass('primary', 'lg')}>
          Retour au tableau de bord
        </Link>
        <Link to="/subscription" className={buttonClass('secondary', 'lg')}>
          Voir les options d’abonnement
        </Link>
      </div>
    </ReturnPageFrame>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function PaymentCancelPage() {
  return (
    <>
      <title>Paiement annulé – NutriCarte</title>
      <PaymentCancelPageContent />
    </>
  );
}
