import { CardGrid, ClosingCta, MarketingHero, type CardContent } from '../features/marketing/marketing-blocks.tsx';
import { PricingSection } from '../features/marketing/pricing-section.tsx';
import { useScrollToHash } from '../features/marketing/use-scroll-to-hash.ts';
import {
  AlertIcon,
  CalculatorIcon,
  ClockIcon,
  EyeIcon,
  LeafIcon,
  QrIcon,
  ShieldIcon,
  TruckIcon,
} from '../features/marketing/icons.tsx';

const challenges: CardContent[] = [
  {
    icon: CalculatorIcon,
    title: 'Des calculs nutritionnels complexes',
    text: 'Additionner les valeurs de chaque ingrédient, convertir les grammes, diviser par portion : à la main ou sur tableur, c’est long et source d’erreurs.',
  },
  {
    icon: AlertIcon,
    title: 'Allergènes et réglementation',
    text: 'Depuis 2015, l’information sur les 14 allergènes majeurs doit être disponible par écrit pour chaque plat servi. Un oubli peut coûter cher, à vous comme à vos clients.',
  },
  {
    icon: EyeIcon,
    title: 'Un manque de transparence',
    text: 'Vos clients veulent savoir ce qu’ils mangent : calories, végétarien, sans gluten… Une carte papier ne le dit pas, et l’équipe en salle n’a pas toujours la réponse.',
  },
];

const solutions: CardContent[] = [
  {
    icon: CalculatorIcon,
    title: 'Nutrition calculée automatiquement',
    text: 'Choisissez vos ingrédients dans la table Ciqual de l’Anses et indiquez les quantités : calories, protéines, glucides et lipides par portion sont calculés.',
  },
  {
    icon: ShieldIcon,
    title: 'Allergènes déclarés pour chaque plat',
    text: 'Sélectionnez les allergènes parmi les 14 allergènes réglementaires : ils apparaissent en rouge sous chaque plat de votre menu.',
  },
  {
    icon: QrIcon,
    title: 'Votre carte par code QR',
    text: 'Vos clients scannent le code posé sur la table et lisent la carte sur leur téléphone, sans application. Un changement ? Il est en ligne aussitôt, sans réimpression.',
  },
  {
    icon: LeafIcon,
    title: 'Régimes alimentaires',
    text: 'Végétarien, végan, sans gluten, sans lactose, halal, casher : vos clients repèrent en un coup d’œil les plats qui leur conviennent.',
  },
  {
    icon: TruckIcon,
    title: 'Brasseries et food trucks',
    text: 'La carte change selon le marché ? Masquez un plat épuisé, ajoutez la suggestion du jour depuis votre téléphone, entre deux services.',
  },
  {
    icon: ClockIcon,
    title: 'Prêt en une soirée',
    text: 'Une recette se saisit en quelques minutes et se réutilise dans tous vos menus. Commencez avec le plan gratuit, sans carte bancaire.',
  },
];

function MarketingRestaurantsPageContent() {
  useScrollToHash();
  return (
    <>
      <MarketingHero
        eyebrow="Restaurants, brasseries, food trucks"
        title="La nutrition et les allergènes de votre carte, sans y passer vos soirées"
      >
        <p>
          NutriCarte calcule les valeurs nutritionnelles de vos plats à partir des données officielles, affiche les
          allergènes et publie votre menu par code QR.
        </p>
      </MarketingHero>
      <CardGrid id="defis" title="Les défis du quotidien en restauration" cards={challenges} tone="orange" />
      <CardGrid
        id="solution"
        title="La solution NutriCarte"
        intro="Un outil simple, pensé pour les restaurateurs, pas pour les diététiciens."
        cards={solutions}
        className="bg-white"
      />
      <PricingSection />
      <ClosingCta
        title="Votre carte informée dès ce soir"
        text="Créez vos premières recettes gratuitement : nutrition, allergènes et code QR en quelques minutes."
      />
    </>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function MarketingRestaurantsPage() {
  return (
    <>
      <title>Restaurants – NutriCarte</title>
      <MarketingRestaurantsPageContent />
    </>
  );
}
