import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { useMe } from '../lib/queries.ts';

const features = [
  { title: 'Nutrition calculée', text: 'Calories, protéines, glucides et lipides par portion, calculés à partir de la table officielle Ciqual de l\'Anses.' },
  { title: '14 allergènes réglementaires', text: 'Déclarez les allergènes de chaque plat et affichez-les clairement à vos clients.' },
  { title: 'Régimes alimentaires', text: 'Végétarien, végan, sans gluten, halal… signalez les plats adaptés en un clic.' },
  { title: 'Menus digitaux', text: 'Organisez vos plats en sections, activez ou masquez un plat selon les arrivages.' },
  { title: 'Codes QR', text: 'Un code QR par table ou par salle : vos clients lisent le menu sur leur téléphone, sans application.' },
  { title: 'Restauration collective', text: 'Écoles, entreprises, hôpitaux : une information nutritionnelle transparente pour chaque convive.' },
];

const steps = [
  { title: 'Créez vos recettes', text: 'Tapez les premières lettres d\'un ingrédient, choisissez l\'aliment Ciqual, indiquez la quantité.' },
  { title: 'Composez votre menu', text: 'Entrées, plats, desserts : ajoutez vos recettes aux sections de votre carte.' },
  { title: 'Publiez par QR code', text: 'Imprimez le code QR : vos clients scannent et consultent nutrition et allergènes.' },
];

export default function LandingPage() {
  const { data: me } = useMe();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-3xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">
            Les fiches nutritionnelles et les menus digitaux de votre restaurant
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-stone-700">
            Calculez la nutrition de vos plats avec les données officielles, déclarez les allergènes et publiez votre carte par QR code.
          </p>
          <div className="mt-8 flex justify-center">
            <Link to={me ? '/dashboard' : '/auth'} className={buttonClass('primary', 'lg')}>
              {me ? 'Accéder au tableau de bord' : 'Commencer gratuitement'}
            </Link>
          </div>
          <p className="mt-3 text-sm text-stone-600">Gratuit jusqu'à 5 recettes · sans carte bancaire</p>
        </div>
      </section>

      <section id="fonctionnalites" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-2xl font-bold sm:text-3xl">Tout ce qu'il faut pour informer vos clients</h2>
        <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <div key={f.title} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <h3 className="font-semibold text-brand-800">{f.title}</h3>
              <p className="mt-2 text-sm text-stone-700">{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section id="comment-ca-marche" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-2xl font-bold sm:text-3xl">Comment ça marche</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-3">
            {steps.map((s, i) => (
              <li key={s.title} className="rounded-xl bg-stone-50 p-6">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-500 font-bold text-white">{i + 1}</span>
                <h3 className="mt-4 font-semibold">{s.title}</h3>
                <p className="mt-2 text-sm text-stone-700">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
