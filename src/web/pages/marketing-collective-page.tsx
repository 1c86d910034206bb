import { CardGrid, ClosingCta, MarketingHero, type CardContent } from '../features/marketing/marketing-blocks.tsx';
import { PricingSection } from '../features/marketing/pricing-section.tsx';
import { useScrollToHash } from '../features/marketing/use-scroll-to-hash.ts';
import {
  BuildingIcon,
  CalculatorIcon,
  EyeIcon,
  HospitalIcon,
  QrIcon,
  SchoolIcon,
  ShieldIcon,
  UsersIcon,
} from '../features/marketing/icons.tsx';

const challenges: CardContent[] = [
  {
    icon: CalculatorIcon,
    title: 'Des calculs complexes à grande échelle',
    text: 'Des dizaines de recettes, des grammages qui changent selon les effectifs : recalculer les apports de chaque menu prend des heures.',
  },
  {
    icon: UsersIcon,
    title: 'Des publics aux besoins spécifiques',
    text: 'Enfants, salariés, patients, personnes âgées : chacun a ses besoins, ses allergies et son régime, que familles et soignants veulent pouvoir vérifier.',
  },
  {
    icon: EyeIcon,
    title: 'Un manque de transparence',
    text: 'Convives et parents demandent ce que contient l’assiette. Un menu affiché sans détail ne répond pas à leurs questions.',
  },
];

const solutions: CardContent[] = [
  {
    icon: SchoolIcon,
    title: 'Cantines scolaires',
    text: 'Les parents consultent le menu, les allergènes et les apports de chaque plat depuis leur téléphone, en scannant un code QR.',
  },
  {
    icon: BuildingIcon,
    title: 'Restaurants d’entreprise',
    text: 'Un code QR à l’entrée du self : chaque salarié choisit en connaissant les calories, protéines, glucides et lipides de chaque plat.',
  },
  {
    icon: HospitalIcon,
    title: 'Hôpitaux et EHPAD',
    text: 'Des valeurs par portion issues de la table Ciqual de l’Anses, à partager avec vos diététiciens et les équipes soignantes.',
  },
  {
    icon: ShieldIcon,
    title: 'Allergènes et régimes',
    text: 'Les 14 allergènes réglementaires et les régimes (végétarien, sans gluten, halal…) sont affichés sous chaque plat.',
  },
  {
    icon: CalculatorIcon,
    title: 'Des valeurs par convive',
    text: 'Indiquez le nombre de portions de la recette : les apports de chaque convive sont calculés automatiquement.',
  },
  {
    icon: QrIcon,
    title: 'Un menu par site',
    text: 'Plusieurs selfs ou restaurants ? Avec Premium, créez autant de menus et de codes QR que de lieux de restauration.',
  },
];

function MarketingCollectivePageContent() {
  useScrollToHash();
  return (
    <>
      <MarketingHero
        eyebrow="Restauration collective"
        title="Une information nutritionnelle claire pour chaque convive"
      >
        <p>
          Écoles, entreprises, hôpitaux : calculez les apports de vos recettes avec les données officielles et affichez
          allergènes et régimes sur un menu consultable par code QR.
        </p>
      </MarketingHero>
      <CardGrid id="defis" title="Les défis de la restauration collective" cards={challenges} tone="orange" />
      <CardGrid
        id="solution"
        title="La solution NutriCarte"
        intro="Une information fiable et lisible, pour les convives comme pour les équipes."
        cards={solutions}
        className="bg-white"
      />
      <PricingSection />
      <ClosingCta
        title="Informez vos convives dès le prochain service"
        text="Créez votre compte gratuitement et publiez votre premier menu avec sa nutrition et ses allergènes."
      />
    </>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function MarketingCollectivePage() {
  return (
    <>
      <title>Restauration collective – NutriCarte</title>
      <MarketingCollectivePageContent />
    </>
  );
}
