import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';

function NotFoundPageContent() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-bold">Page non trouvée</h1>
      <p className="text-stone-600">La page demandée n’existe pas ou a été déplacée.</p>
      <Link to="/" className={buttonClass('primary')}>
        Retour à l’accueil
      </Link>
    </main>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function NotFoundPage() {
  return (
    <>
      <title>Page non trouvée – NutriCarte</title>
      <NotFoundPageContent />
    </>
  );
}
