import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { FREE_PLAN } from '../../shared/plan-texts.ts';
import { PRICES } from '../../shared/plans.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { CardGrid, StartLink, type CardContent } from '../features/marketing/marketing-blocks.tsx';
import { PricingSection } from '../features/marketing/pricing-section.tsx';
import { useScrollToHash } from '../features/marketing/use-scroll-to-hash.ts';
import {
  AlertIcon,
  BookIcon,
  CalculatorIcon,
  LeafIcon,
  QrIcon,
  SchoolIcon,
  UsersIcon,
  UtensilsIcon,
} from '../features/marketing/icons.tsx';

const features: CardContent[] = [
  {
    icon: CalculatorIcon,
    title: 'Nutrition calculée',
    text: 'Calories, protéines, glucides et lipides par portion, calculés à partir de la table officielle Ciqual de l’Anses (3 484 aliments).',
  },
  {
    icon: AlertIcon,
    title: '14 allergènes réglementaires',
    text: 'Déclarez les allergènes majeurs de chaque plat et affichez-les clairement à vos clients, comme le demande la réglementation.',
  },
  {
    icon: LeafIcon,
    title: 'Régimes alimentaires',
    text: 'Végétarien, végan, sans gluten, sans lactose, halal, casher : signalez les plats adaptés en un clic.',
  },
  {
    icon: BookIcon,
    title: 'Menus digitaux',
    text: 'Organisez vos plats en sections, masquez un plat en rupture et mettez votre carte à jour en quelques secondes.',
  },
  {
    icon: QrIcon,
    title: 'Codes QR',
    text: 'Un code QR par table ou par salle : vos clients lisent le menu sur leur téléphone, sans application à installer.',
  },
  {
    icon: UsersIcon,
    title: 'Restauration collective',
    text: 'Écoles, entreprises, hôpitaux : une information nutritionnelle transparente pour chaque convive.',
  },
];

const steps = [
  {
    title: 'Créez vos recettes',
    text: 'Tapez les premières lettres d’un ingrédient, choisissez l’aliment Ciqual, indiquez la quantité : la nutrition se calcule.',
  },
  {
    title: 'Composez votre menu',
    text: 'Entrées, plats, desserts : ajoutez vos recettes aux sections de votre carte et choisissez ce qui est disponible.',
  },
  {
    title: 'Publiez par code QR',
    text: 'Imprimez le code QR et posez-le sur vos tables : vos clients scannent et consultent nutrition et allergènes.',
  },
];

const audiences = [
  {
    to: '/restaurants',
    icon: UtensilsIcon,
    title: 'Restaurants',
    text: 'Brasseries, bistrots, food trucks, traiteurs',
  },
  {
    to: '/restauration-collective',
    icon: SchoolIcon,
    title: 'Restauration collective',
    text: 'Écoles, entreprises, hôpitaux, EHPAD',
  },
];

/**
 * The product itself (issue 21): a real public menu on a 360 px phone, generated from the app
 * by scripts/landing-screenshot.ts. Its size is reserved (no layout shift); lazy, since on a
 * phone it comes below the headline.
 */
const SCREENSHOT_CAPTION = 'Ce que vos clients voient en scannant le code QR.';

function PhoneScreenshot() {
  return (
    // RGAA 1.9: the caption is tied to the image by the figure's role and name.
    <figure role="figure" aria-label={SCREENSHOT_CAPTION} className="mx-auto w-[270px] shrink-0">
      <div className="overflow-hidden rounded-[2rem] border-[6px] border-stone-900 bg-stone-900 shadow-2xl">
        <img
          src="/landing/public-menu-phone.webp"
          width={540}
          height={1110}
          loading="lazy"
          decoding="async"
          alt="Le menu public « La carte du midi » du Bistrot du Port sur un téléphone : prix, valeurs nutritionnelles, régimes et allergènes de chaque plat."
          className="block h-auto w-full"
        />
      </div>
      <figcaption className="mt-3 text-center text-small text-stone-700">{SCREENSHOT_CAPTION}</figcaption>
    </figure>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1fr_auto]">
        <div className="text-center lg:text-left">
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">
            Les fiches nutritionnelles et les menus digitaux de votre restaurant
          </h1>
          <p className="mt-5 text-lg text-stone-700">
            Calculez la nutrition de vos plats avec les données officielles, déclarez les allergènes et publiez votre
            carte par code QR.
          </p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <StartLink />
            <a href="#fonctionnalites" className={buttonClass('secondary', 'lg')}>
              Découvrir les fonctionnalités
            </a>
          </div>
          <p className="mt-4 text-sm text-stone-700">
            Gratuit jusqu’à {FREE_PLAN.recipes} · sans carte bancaire · Premium avec {PRICES.trialDays} jours d’essai
          </p>
        </div>
        <PhoneScreenshot />
      </div>
    </section>
  );
}

function BelowTheFold() {
  return (
    <>
      <CardGrid
        id="fonctionnalites"
        title="Tout ce qu’il faut pour informer vos clients"
        intro="De la fiche recette au menu sur le téléphone du client, sans ressaisie ni tableur."
        cards={features}
        className="scroll-mt-4"
      />

      <section id="comment-ca-marche" aria-labelledby="comment-titre" className="scroll-mt-4 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
          <h2 id="comment-titre" className="text-center text-2xl font-bold sm:text-3xl">
            Comment ça marche
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-3">
            {steps.map((s, i) => (
              <li key={s.title} className="rounded-xl bg-stone-50 p-6">
                <span
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold">
                  <span className="sr-only">Étape {i + 1} : </span>
                  {s.title}
                </h3>
                <p className="mt-2 text-sm text-stone-700">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="pour-qui-titre" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="pour-qui-titre" className="text-center text-2xl font-bold sm:text-3xl">
          Pensé pour votre métier
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {audiences.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-600"
              >
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                  <Icon />
                </span>
                <span>
                  <span className="block font-semibold text-stone-900 group-hover:text-brand-800">{title}</span>
                  <span className="block text-sm text-stone-700">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <PricingSection />
    </>
  );
}

/** The whole page at once: what the build prerenders for a first visit (src/web/landing/prerender.tsx). */
export function LandingContent() {
  return (
    <>
      <Hero />
      <BelowTheFold />
    </>
  );
}

export default function LandingPage() {
  // The first render draws the hero only; the sections below follow at once in a deferred,
  // interruptible render, so a phone gets no long task from this page (Lighthouse TBT).
  const belowTheFold = useDeferredValue(true, false);
  useScrollToHash(belowTheFold);
  return (
    <>
      {/* The built page's own title (index.html), here too: a visit from another page replaces that page's. */}
      <title>NutriCarte – Nutrition et menus digitaux pour la restauration</title>
      <Hero />
      {belowTheFold ? <BelowTheFold /> : <div className="min-h-[200vh]" aria-hidden="true" />}
    </>
  );
}
