/**
 * What a French cook types in the ingredient search, with the Ciqual food meant (code).
 * `expected[0]` is the food a cook means; the few other codes are the same product in
 * another equally basic form (another Ciqual average, another fat class of the same
 * cream, …). A query is found when one of them is in the first three hits.
 * Used by search.test.ts (≥ 95 % in the top 3) and bench/search.ts (beside an ILIKE baseline).
 */
export type RelevanceKind = 'plain' | 'accents' | 'plural' | 'typo' | 'words' | 'prefix';

export interface RelevanceQuery {
  query: string;
  expected: readonly [number, ...number[]];
  /** What the query exercises. */
  kind: RelevanceKind;
  /** The expected food's name in Ciqual 2025. */
  food: string;
}

export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = [
  { query: 'creme fraiche', expected: [19410, 19431], kind: 'accents', food: 'Crème 30% MG, épaisse, rayon frais' },
  { query: 'oeuf', expected: [22000], kind: 'plain', food: 'Oeuf cru' },
  { query: 'œufs', expected: [22000], kind: 'plural', food: 'Oeuf cru' },
  { query: 'lardons', expected: [28501], kind: 'plural', food: 'Lardon nature, cru' },
  { query: 'huile olive', expected: [17270], kind: 'words', food: "Huile d'olive vierge extra" },
  { query: 'olive huile', expected: [17270], kind: 'words', food: "Huile d'olive vierge extra" },
  { query: 'tomate', expected: [20276, 20385], kind: 'plain', food: 'Tomate ronde, crue' },
  { query: 'tomates', expected: [20276, 20385], kind: 'plural', food: 'Tomate ronde, crue' },
  { query: 'beurre', expected: [16400], kind: 'plain', food: 'Beurre à 80% MG minimum, doux' },
  {
    query: 'farine',
    expected: [9436, 9435, 9440],
    kind: 'plain',
    food: 'Farine de blé tendre ou froment T55 (pour pains)',
  },
  { query: 'farine t55', expected: [9436], kind: 'words', food: 'Farine de blé tendre ou froment T55 (pour pains)' },
  { query: 'poulet', expected: [36003, 36016, 36017], kind: 'plain', food: 'Poulet, viande crue' },
  { query: 'carote', expected: [20009], kind: 'typo', food: 'Carotte, crue' },
  { query: 'carottes', expected: [20009], kind: 'plural', food: 'Carotte, crue' },
  { query: 'pomme de terre', expected: [4008], kind: 'words', food: 'Pomme de terre, sans peau, crue' },
  { query: 'lait demi', expected: [19041, 19033, 19042], kind: 'prefix', food: 'Lait demi-écrémé, UHT' },
  { query: 'sucre', expected: [31016], kind: 'plain', food: 'Sucre blanc' },
  { query: 'sel', expected: [11017, 11058, 11083], kind: 'plain', food: 'Sel blanc alimentaire, non iodé, non fluoré' },
  { query: 'riz', expected: [9100], kind: 'plain', food: 'Riz blanc, cru' },
  { query: 'pates', expected: [9810], kind: 'accents', food: 'Pâtes sèches, standard, crues' },
  { query: 'saumon', expected: [26036, 26161], kind: 'plain', food: 'Saumon, élevage, cru' },
  { query: 'emmental', expected: [12115], kind: 'plain', food: 'Emmental ou emmenthal' },
  { query: 'oignon', expected: [20034], kind: 'plain', food: 'Oignon, cru' },
  { query: 'oignons', expected: [20034], kind: 'plural', food: 'Oignon, cru' },
  { query: 'ail', expected: [11000], kind: 'plain', food: 'Ail, cru' },
  { query: 'persil', expected: [11014], kind: 'plain', food: 'Persil, frais' },
  { query: 'courgette', expected: [20020], kind: 'plain', food: 'Courgette, chair et peau, crue' },
  { query: 'courg', expected: [20020], kind: 'prefix', food: 'Courgette, chair et peau, crue' },
  {
    query: 'champignon de paris',
    expected: [20056],
    kind: 'words',
    food: 'Champignon de Paris ou champignon de couche, cru',
  },
  { query: 'champignons', expected: [20010, 20056], kind: 'plural', food: 'Champignon, tout type, cru' },
  { query: 'jambon blanc', expected: [28900, 28910, 28925], kind: 'words', food: 'Jambon cuit, supérieur' },
  { query: 'yaourt nature', expected: [19593], kind: 'words', food: 'Yaourt ou lait fermenté, nature' },
  {
    query: 'chocolat noir',
    expected: [31085, 31005, 31074],
    kind: 'words',
    food: 'Chocolat noir 40% de cacao et plus, à pâtisser, tablette',
  },
  { query: 'miel', expected: [31008], kind: 'plain', food: 'Miel' },
  { query: 'citron', expected: [13009], kind: 'plain', food: 'Citron, chair sans peau, sans pépins, cru' },
  { query: 'moutarde', expected: [11013], kind: 'plain', food: 'Moutarde' },
  { query: 'vinaigre', expected: [11018], kind: 'plain', food: 'Vinaigre' },
  { query: 'creme liquide', expected: [19417, 19436], kind: 'words', food: 'Crème 30% MG, fluide, UHT' },
  { query: 'echalote', expected: [20097], kind: 'accents', food: 'Échalote, crue' },
  { query: 'epinards', expected: [20059], kind: 'plural', food: 'Épinard, cru' },
  { query: 'haricots verts', expected: [20061], kind: 'plural', food: 'Haricot vert, cru' },
  { query: 'petits pois', expected: [20072], kind: 'plural', food: 'Petits pois, crus' },
  { query: 'pois chiches', expected: [20516, 20507], kind: 'plural', food: 'Pois chiche, sec' },
  { query: 'fromage blanc', expected: [19646, 19501], kind: 'words', food: 'Fromage blanc, nature, 2-3% MG' },
  { query: 'parmesan', expected: [12120], kind: 'plain', food: 'Parmesan' },
  { query: 'parmes', expected: [12120], kind: 'prefix', food: 'Parmesan' },
  { query: 'gruyere', expected: [12114, 12113], kind: 'accents', food: 'Gruyère, sans précision' },
  { query: 'steak hache', expected: [6254, 6256, 6252], kind: 'words', food: 'Boeuf, steak haché 15% MG cru' },
  { query: 'cabillaud', expected: [26043], kind: 'plain', food: 'Cabillaud, cru' },
  { query: 'crevettes', expected: [10021, 10007], kind: 'plural', food: 'Crevette, crue' },
  { query: 'amandes', expected: [15000, 15041], kind: 'plural', food: 'Amande, avec peau, sans sel ajouté' },
  { query: 'aubergine', expected: [20053], kind: 'plain', food: 'Aubergine, crue' },
  { query: 'poireaux', expected: [20039], kind: 'plural', food: 'Poireau, cru' },
  { query: 'poivron rouge', expected: [20087], kind: 'words', food: 'Poivron rouge, cru' },
  { query: 'huile tournesol', expected: [17440], kind: 'words', food: 'Huile de tournesol' },
  { query: 'lait entier', expected: [19023, 19016, 19024], kind: 'words', food: 'Lait entier, UHT' },
  { query: 'vin blanc', expected: [5215], kind: 'words', food: 'Vin blanc sec' },
  { query: 'basilic', expected: [11033], kind: 'plain', food: 'Basilic, frais' },
  { query: 'cannelle', expected: [11025], kind: 'plain', food: 'Cannelle, poudre' },
  { query: 'canelle', expected: [11025], kind: 'typo', food: 'Cannelle, poudre' },
  { query: 'mozarella', expected: [19590], kind: 'typo', food: 'Mozzarella au lait de vache' },
  { query: 'aubergnie', expected: [20053], kind: 'typo', food: 'Aubergine, crue' },
  { query: 'concombre', expected: [20019], kind: 'plain', food: 'Concombre, chair et peau, cru' },
  { query: 'levure boulanger', expected: [11010, 11045], kind: 'words', food: 'Levure de boulanger fraîche' },
  { query: 'fecule', expected: [4090], kind: 'accents', food: 'Fécule de pomme de terre' },
  { query: 'pain de mie', expected: [7111, 7109, 7113], kind: 'words', food: 'Pain de mie complet, préemballé' },
  { query: 'lentilles', expected: [20585, 20359], kind: 'plural', food: 'Lentille verte, sèche' },
  { query: 'thon', expected: [26053], kind: 'plain', food: 'Thon, cru' },
  { query: 'magret canard', expected: [36206], kind: 'words', food: 'Canard, magret cru' },
  { query: 'escalope veau', expected: [6521], kind: 'words', food: 'Veau, escalope crue' },
];
