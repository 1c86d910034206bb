import { foldText } from './allergens.ts';

/**
 * Which of the 14 allergens of annex II of Regulation (EU) 1169/2011 a Ciqual food implies, from
 * its name and groups. Suggestions only: the owner confirms each one (a generic food says nothing
 * of a brand's recipe; a pesto, a surimi or a sauce varies from one kitchen to the next). The rules
 * were run on every Ciqual food and reviewed group by group: data/allergens-ciqual.csv keeps the
 * reviewed answer for each code, with a reason for each that is not obvious,
 * src/shared/allergen-rules.test.ts fails on any difference, and scripts/allergen-review.ts lists
 * the differences (and rewrites the table once they are read and found right).
 *
 * Patterns work on the folded name (foldText: no accents, « oe » for « œ », lower case) with its
 * punctuation made spaces, so « Abricot, dénoyauté, sec » reads « abricot denoyaute sec ».
 */
interface Rule {
  allergen: string;
  /** Matches the folded name. */
  name?: RegExp;
  /** Matches the folded « group / subgroup ». */
  group?: RegExp;
  /** Words taken out of the name before `name` is tried (« lait de coco » says nothing of milk). */
  ignore?: RegExp;
  /** Vetoes the food whatever matched (« sans gluten », a plain grain of rice). */
  unless?: RegExp;
}

/**
 * Annex II, 1: cereals containing gluten, by species — wheat (spelt, khorasan/kamut), rye, barley,
 * oats, their hybrids (triticale) — and what is made of them: breads, pastry, pasta, semolina,
 * couscous, bulgur, beer and malt, breadcrumbs, a roux or a béchamel, soy sauce brewed with wheat.
 */
const GLUTEN_NAMES = new RegExp(
  [
    String.raw`\b(bles?|froment|seigle|orge|epeautre|engrain|kamut|khorasan|avoine|triticale|malt|maltee?s?|boulgour|seitan|ebly)\b`,
    String.raw`\bfarine\b(?! d(e |')(?!ble|froment|seigle|orge|epeautre|avoine|kamut|triticale))(?! d (?!epeautre|orge|avoine))`,
    String.raw`\bpains?\b(?! (de poisson|de viande|de legumes|de mie sans gluten))|baguette|brioche|biscotte|chapelure|croissant|viennoiserie|biscuits?\b|(?<!non )biscuitee?s?\b|gateau|gaufre|gaufrette|crepe|(?<!pour )pizza|quiche|tarte|tartelette|feuillete|friand|vol au vent|bouchee a la reine`,
    String.raw`\bpates?\b(?! (de curry|de sesame|d arachide|fraiche et croute))|\bnouilles?\b|(?<!courge )spaghetti|macaroni|lasagne|ravioli|tortellini|cannelloni|gnocchi|couscous|semoule|taboule`,
    String.raw`\bbieres?\b|\bcroutes?\b(?! (fleurie|lavee|naturelle|mixte))|croutons?|cracker|bretzel|muesli|pain d epices|madeleine|cookie|panure|panee?s?\b|pane\b|hamburger|cheeseburger|sandwich|wrap|panini|croque|tacos|burrito|fajita|samoussa|empanada|nem\b|beignets?|blinis?|cake|brownie|muffin|cheesecake`,
    String.raw`eclair|chou a la creme|profiterole|religieuse|paris brest|mille feuille|tiramisu|charlotte|financier|cannele|clafoutis|far breton|kouign|galette des rois|omelette norvegienne|bugne|churros|pain perdu|chapati|naan|pita|tortilla de ble|cordon bleu|nuggets?|quenelle|bechamel|(?<!sucre )roux|sauce soja|shoyu|teriyaki|yakitori|surimi|\bvermicelles?\b(?! (de riz|de soja))|melange de cereales|\bfrik\b|minestrone|chop suey|blanquette|endive au jambon|gougere|souffle au fromage|extrait de levure|porridge|accras?|tarama|cereales? (pour petit dejeuner|de petit dejeuner)|cereales lactees|panache`,
  ].join('|'),
);

const RULES: Rule[] = [
  {
    allergen: 'Gluten',
    name: GLUTEN_NAMES,
    group:
      /produits cerealiers \/ (pains et assimiles|pates a tarte|biscuits aperitifs)|produits sucres \/ (biscuits sucres|gateaux et patisseries|viennoiseries|cereales de petit dejeuner|barres cerealieres)|entrees et plats composes \/ (sandwichs|pizzas tartes et crepes salees|feuilletees et autres entrees)/,
    // A bread, flour, pasta or cake « of rice, maize, buckwheat… » says nothing of gluten…
    ignore:
      /\b(farine|pains?|galettes?|pates?|nouilles|vermicelles|semoule|flocons|biscuits?|crepes?|gateau|cracker|gaufrettes?|souffle|tortillas?|chips) (de |au |aux |a la |d )?(riz|mais|sarrasin|ble noir|quinoa|millet|sorgho|teff|manioc|tapioca|chataigne|pois chiches?)\b|a base de (riz|mais|sarrasin|quinoa)\b(?! et (ble|froment))|special (gratins|pates|pizzas)|pate de fruits|pate d amande|pates? a tartiner|pate de coing|pour (risotto ou )?pates|legumes pour couscous|fruit a pain|pates? (molle|pressee|persillee|filee)s?|forme de croissant|^chips beignet ou petale/g,
    // …and these grains, gluten-free cakes, macarons and meringues hold none.
    unless:
      /sans gluten|^(riz|mais|quinoa|sarrasin|millet|sorgho|tapioca|polenta|pop corn)\b|^(chips|galettes?|tortillas?|crepes?|pains?|farine|pates?|nouilles|vermicelles?|semoule|flocons|biscuits?|gateau|cracker|souffle)\b[a-z ]*?\b(de|au|aux|a base de) (riz|mais|sarrasin|ble noir|quinoa|millet|sorgho|teff|manioc|tapioca|chataigne|pois chiches?)\b(?! et (ble|froment|cacahuetes))|^galette de sarrasin|rouleau de printemps|dessert glace feuillete|^(macaron|meringue|rocher coco|chips beignet ou petale)/,
  },
  {
    // Annex II, 2: crustaceans. A surimi is flavoured with crab extract as often as not.
    allergen: 'Crustacés',
    name: /sauce (americaine|armoricaine|nantua)|homardine|rouleau de printemps|fruits? de mer|produits de la mer|paella|crevettes?|crabes?|homards?|langoustes?|langoustines?|ecrevisses?|tourteau|gambas|scampi|araignee de mer|etrille|surimi|bisque|crustaces?/,
  },
  {
    allergen: 'Œufs',
    name: /\boeufs?\b(?! de (lump|saumon|cabillaud|truite|poisson|hareng|mulet))|mayonnaise|gateau|patisserie(?! orientale)|viennoiserie|croissant|pain au chocolat|pain aux raisins|chausson|baba|bavarois|buche (de noel|glacee|patissiere)|canele|charlotte|chouquette|opera|fraisier|framboisier|foret noire|donut|amandine|tarte au (citron|chocolat)|galette des rois|boudin blanc|accras?|meringue|brioche|crepe|quiche|omelette|flan\b|creme (brulee|anglaise|patissiere|caramel|renversee)|ile flottante|mousse au chocolat|pates? aux oeufs|\bgaufres?\b|madeleine|tiramisu|clafoutis|aioli|bearnaise|hollandaise|surimi|gnocchi|quenelle|financier|far breton|pain perdu|(cheese)?cake\b|muffin(?! anglais)|brownie|eclair|chou a la creme|profiterole|religieuse|paris brest|genoise|biscuit de savoie|macaron|nouilles aux oeufs|tagliatelle|fettuccine|lasagne|ravioli|tortellini|beignet|blini|sauce (tartare|algerienne|andalouse|samourai|cocktail|burger|pommes frites|kebab|caesar|rouille)|remoulade|carbonara|ficelle picarde|pastilla|tarte (a l oignon|au fromage|au maroilles|au saumon|aux legumes|aux noix de saint jacques|aux poireaux|epinard)|flamiche|\btourtes?\b|blanquette|escalope panee|souffle (au|a la|aux|glace)|gougere|type mystere ou vacherin|omelette norvegienne|nougat glace|riz cantonais|terrine (ou mousse )?de (legumes|poisson|fruits de mer)|cordon bleu|cesar|coleslaw|piemontaise|croque madame|pan bagnat/,
    group: /\/ oeufs/,
    ignore: /pour patisserie|forme de croissant|^chips beignet ou petale/g,
    unless: /sans oeuf|vegetale?s?\b|\boeufs? de (lump|saumon|cabillaud|truite|poisson|hareng)/,
  },
  {
    allergen: 'Poissons',
    name: /\b(poissons?|thons?|saumons?|cabillaud|morue|anchois|sardines?|pilchards?|colin|merlu|lieu|sole|truites?|maquereaux?|harengs?|bar|dorade|daurade|limande|eglefin|haddock|lotte|raie|turbot|fletan|tilapia|panga|perche|brochets?|carpe|rougets?|espadon|sprats?|caviar|oeufs de (lump|saumon|cabillaud|truite|poisson)|tarama|surimi|brandade|nuoc ?mam|sauce (poisson|au poisson|worcestershire)|bouillabaisse|merlan|lingue|grenadier|hoki|sandre|mulet|saint pierre|barbue|plie|carrelet|congre|roussette|saumonette|requin|esturgeon|anguille|silure|loup|sabre|empereur|vivaneau|capelan|eperlans?|poutargue|kipper|rollmops|gravlax|fumet|omega 3 de poisson|tapenade|sauce caesar|cesar|pan bagnat|pissaladiere|sushis?|makis?|produits de la mer)\b/,
    group: /poissons crus|poissons cuits|huiles de poissons/,
    ignore: /pour poissons?|caviar d aubergine|caviar de tomates?|groseille a maquereau|pouligny saint pierre/g,
    unless: /(?<!avec ou )sans poisson/,
  },
  {
    allergen: 'Arachides',
    name: /arachides?|cacahuetes?|melange aperitif de graines|beurre de cacahuete|satay|\bm ?& ?m/,
  },
  {
    allergen: 'Soja',
    name: /soja|\bsoy\b|tofu|tempeh|\bmiso\b|edamame|\btamari\b|shoyu|teriyaki|yakitori|chop suey|nouilles (asiatiques (cuisinees|instantanees)|chinoises|sautees)|riz cantonais|a l asiatique|\bwok\b|lecithine de soja|yuba/,
    // Annex II, 6 (a): fully refined soybean oil and fat are exempt.
    ignore: /pousses? de soja|haricots? mungo|vermicelles? de soja/g,
    unless: /sans soja|^huile de soja/,
  },
  {
    allergen: 'Lait',
    name: /\blaits?\b|\blactee?s?\b|lactose|lactoserum|\bbeurres?\b|\bcremes?\b(?! de (pruneaux?|marrons?|chataignes?|cassis|coco|soja|riz|avoine|balsamique|menthe|fruits))|fromages?|yaourt|yoghourt|faisselle|petit suisse|emmental|emmenthal|\bcomte\b|gruyere|mozzarella|parmesan|camembert|\bbrie\b|roquefort|\bchevres?\b|\bfeta\b|ricotta|mascarpone|raclette|reblochon|\bcantal\b|mimolette|babeurre|kefir|(?<!sucre |marrons? |pour )\bglaces?\b(?! au sucre)|creme glacee|barre chocolatee|bechamel|gratin|quiche|brioche|croissant|chocolat au lait|chocolat blanc|ganache|\bflan\b|panna cotta|lait caille|\btommes?\b|saint nectaire|morbier|munster|maroilles|coulommiers|fourme|bleu d|bleu de|beaufort|abondance|ossau|pont l eveque|livarot|neufchatel|chaource|epoisses|mont d or|vacherin|saint marcellin|rocamadour|crottin|valencay|sainte maure|selles sur cher|pouligny|banon|brocciu|cheddar|gouda|edam|leerdammer|maasdam|fontina|gorgonzola|pecorino|manchego|halloumi|cancoillotte|boursin|carre frais|saint moret|fromage blanc|ghee|dulce de leche|confiture de lait|pesto|alfredo|carbonara|tartiflette|aligot|fondue|croque monsieur|cheeseburger|milk ?shake|cappuccino|latte|chantilly|custard|sauce (au chocolat|au poivre chaude|bearnaise|hollandaise|a l oseille|kebab|caesar|indienne|au beurre)|substitut de repas|bouchee a la reine|vol au vent|\bcrepes?\b|ficelle picarde|flammenkueche|tarte flambee|^pizza|blanquette|endive au jambon|gougere|florentine|moules farcies|terrine (ou mousse )?de (legumes|poisson|fruits de mer)|salade grecque|croque madame|cesar|tarte (a l oignon|au fromage|au maroilles|au saumon|aux legumes|aux noix de saint jacques|aux poireaux|epinard)|flamiche|\btourtes?\b|quatre quarts|gateau breton|kouign|gateau|patisserie|viennoiserie|croissant|pain au chocolat|pain aux raisins|chausson|baba|bavarois|buche (de noel|glacee|patissiere)|canele|charlotte|chouquette|opera|fraisier|framboisier|foret noire|crumble|beignet|donut|baklava|galette des rois|tarte|tartelette|feuillete|sable|petit beurre|palmier|madeleine pur beurre|boudin blanc|quenelle|pain au lait|gnocchi a la romaine|puree de pommes de terre|hachis parmentier|moussaka|lasagne|cannelloni|gratin dauphinois|parmentier|risotto|clafoutis|far breton|creme brulee|ile flottante|tiramisu|cheesecake|eclair|profiterole|religieuse|paris brest|mille feuille/,
    group: /produits laitiers|\/ beurres|glaces et sorbets \/ glaces|desserts glaces/,
    ignore:
      /lait de (coco|soja|riz|amande|avoine)|lait d (amande|avoine)|beurre de (cacahuete|cacao|karite|arachide|noix|amande)|fromage de tete|pomme de lait|haricots? beurre|creme de foie|kefir d eau|coeur de palmier|pour patisserie|forme de croissant|^chips beignet ou petale/g,
    unless:
      /\bvegetal|a base de (soja|riz|amande|avoine|coco|noisette|epeautre)|boisson (au|a base|de|d) (soja|riz|amande|avoine|coco|noisette|epeautre)|\bsorbets?\b(?!.*creme glacee)|margarine|^rocher coco|creme dessert au soja|sans lactose et sans lait|\bau soja\b|^glace a l eau$|doubeurre/,
  },
  {
    // Annex II, 8: only the eight named nuts — almonds, hazelnuts, walnuts, cashews, pecans, Brazil
    // nuts, pistachios, macadamia (Queensland) nuts. Coconut, pine nut, chestnut, nutmeg are not.
    allergen: 'Fruits à coque',
    name: /fruits? a coques?|melange aperitif de graines|amandes?|noisettes?|\bnoix\b|cajou|pecan|pistaches?|macadamia|noix du bresil|praline|nougat|frangipane|massepain|pate d amande|gianduja|financier|calisson|nougatine|macaron|dacquoise|\bflorentins?\b|galette des rois(?!.*pomme)|paris brest|pithivier|pastilla/,
    // Coconut, nutmeg, scallops (« noix de Saint-Jacques »), cuts of meat (« noix de veau »)…
    ignore:
      /noix de coco|amande immature|noix de muscade|muscade|noix (et corail )?de saint jacques|saint jacques noix|(pecten|peigne|petoncle)\b.*\bnoix|\bnoix de (veau|joue|entrecote)|gite a la noix|noix de cola|noix de ginkgo|cerneau de noix vert|amandes? de (mer|palourde)|pomme cajou|pommes? de terre noisette|beurre noisette/g,
    unless: /sans fruits? a coque|^(boeuf|veau|porc|agneau|dinde|jambon)\b.*\bnoix\b/,
  },
  {
    // Annex II, 9: celery, celeriac included; stocks and soffritto-based dishes usually hold some.
    allergen: 'Céleri',
    name: /celeri|bouillon|fond de (veau|volaille|boeuf)|bolognaise|pot au feu|minestrone/,
    ignore: /a bourguignon ou pot au feu|cuite? au court bouillon/g,
  },
  {
    allergen: 'Moutarde',
    name: /moutardes?|vinaigrette|remoulade|mayonnaise|sauce (tartare|gribiche|andalouse|algerienne|cocktail|burger|samourai|dijonnaise|pommes frites|kebab|caesar|crudites|salade)|ketchup aux graines de moutarde|cornichon|pickles|achards|carottes rapees|celeri remoulade|oeufs? mimosa|tarte a la tomate|cesar|coleslaw|piemontaise|(ham|cheese)?burger|hot dog/,
    unless: /^pain pour burger/,
  },
  {
    allergen: 'Graines de sésame',
    name: /sesame|tahin|tahini|halva|houmous|hummus|gomasio|baba ganoush|(ham|cheese)?burger/,
    unless: /sans sesame/,
  },
  {
    // Annex II, 12: sulphur dioxide and sulphites above 10 mg/kg: wines, ciders, dried fruit, some vinegars and mustards.
    allergen: 'Anhydride sulfureux et sulfites',
    name: /\bvins?\b|champagne|cremant|cidre|porto|vermouth|xeres|marsala|riesling|choucroute|fondue (savoyarde|au fromage)|pour fondue|risotto|beurre blanc|bearnaise|bourguignon|sauce chasseur|grand veneur|aigre doux|jambon persille|sherry|madere|banyuls|kir|sangria|\bpineau\b|pommeau|vinaigre|moutarde|\b(abricots?|figues?|raisins?|pruneaux?|peches?|poires?|pommes?|mangues?|papayes?|ananas|bananes?|dattes?|cranberr(y|ies)|canneberges?|baies? de goji|tomates?|fruits?)\b.*\b(sec|secs|seche|seches|sechee?s?)\b|\bfruits secs\b|pruneau|raisins? (sec|de corinthe|de smyrne|sultanine)|\bfruits? confits?\b|cerise confite|ecorce d orange confite|angelique confite/,
    ignore: /jus de pruneaux?|a bourguignon ou pot au feu/g,
    unless: /sans sulfites?|^eaux? de vie/,
  },
  { allergen: 'Lupin', name: /lupin/ },
  {
    // Annex II, 14: molluscs (bivalves, gastropods, cephalopods) — not the crustaceans above.
    allergen: 'Mollusques',
    name: /\b(moules?|huitres?|calmars?|calamars?|encornets?|seiches?|poulpes?|escargots?|saint jacques|petoncles?|bulots?|palourdes?|coques?|bigorneaux?|ormeaux?|praires?|pecten|peignes?|couteaux?|clams?|vernis|amandes de mer|oursins?|chipirons?|sauce d huitre|fruits? de mer|mollusques?|tielle|paella)\b/,
    ignore: /coques? de|oeufs? a la coque|noix de coco|en coques?|fruits? a coques?/g,
  },
];

export interface AllergenSource {
  name: string;
  group?: string | null;
  subgroup?: string | null;
}

/** A name or group read as the rules read it: folded, its punctuation made spaces, one space each. */
export const readForRules = (text: string) =>
  foldText(/âté/i.test(text) ? text.replace(/(?<!\p{L})pâté(s?)(?!\p{L})/giu, 'terrine$1') : text)
    .replace(/[^a-z0-9%&]+/g, ' ')
    .trim();

/** An allergen a food implies, with the words of its name (or its Ciqual group) that imply it. */
export interface AllergenCue {
  allergen: string;
  /** The matched words of the folded name, or `group` when only the Ciqual group implied it. */
  cue: string;
}

/**
 * The rules as they run: each name pattern tried only where a word starts (`\b`), which spares
 * the engine every position inside a word (the rules run over the 3,484 foods when the
 * ingredient search builds its index; docs/decisions/0033-nutri-score-2023-and-rounding.md).
 */
const RUNNING = RULES.map((rule) => ({
  ...rule,
  name: rule.name && new RegExp(String.raw`\b(?:${rule.name.source})`, rule.name.flags),
}));

/** Ciqual has a few dozen groups: each is read once. */
const groupsRead = new Map<string, string>();
function readGroups(food: AllergenSource): string {
  const key = `${food.group ?? ''}\u0000${food.subgroup ?? ''}`;
  let read = groupsRead.get(key);
  if (read === undefined) {
    read = `${readForRules(food.group ?? '')} / ${readForRules(food.subgroup ?? '')}`;
    groupsRead.set(key, read);
  }
  return read;
}

type RunningRule = (typeof RUNNING)[number];

/**
 * Each rule the food is not vetoed from, with its name as the rule reads it (its ignored words
 * taken out): `pick` says what a hit is. The rules are in the order of annex II (ALLERGEN_NAMES
 * in ./allergens.ts): so are the answers.
 */
function readRules<T>(food: AllergenSource, pick: (rule: RunningRule, read: string, group: string) => T | null): T[] {
  const name = readForRules(food.name);
  const group = readGroups(food);
  const answers: T[] = [];
  for (const rule of RUNNING) {
    if (rule.unless?.test(name)) continue;
    const answer = pick(rule, rule.ignore ? name.replace(rule.ignore, ' ') : name, group);
    if (answer !== null) answers.push(answer);
  }
  return answers;
}

/** What the rules read in a food, in the order of the regulation's list (the review table's source). */
export function explainAllergens(food: AllergenSource): AllergenCue[] {
  return readRules(food, (rule, read, group) => {
    const matched = rule.name ? read.match(rule.name) : null;
    if (matched) return { allergen: rule.allergen, cue: matched[0].trim() };
    return rule.group?.test(group) ? { allergen: rule.allergen, cue: 'group' } : null;
  });
}

/** The regulated allergens a food implies, in the order of the regulation's list. */
export function suggestAllergens(food: AllergenSource): string[] {
  return readRules(food, (rule, read, group) =>
    (rule.name?.test(read) ?? false) || (rule.group?.test(group) ?? false) ? rule.allergen : null,
  );
}
