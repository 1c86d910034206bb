import { ALLERGEN_NAMES, foldText } from './allergens.ts';

/**
 * Which of the 14 regulated allergens a Ciqual food implies, from its name and groups.
 * Suggestions only: the owner confirms each one (a generic food says nothing of a brand's
 * recipe). Patterns work on folded text (no accents, « oe » for « œ », lower case).
 */
interface Rule {
  allergen: string;
  /** Matches the folded food name. */
  name?: RegExp;
  /** Matches the folded « group / subgroup ». */
  group?: RegExp;
  /** Vetoes a match (« lait de coco » is not milk). */
  unless?: RegExp;
}

const RULES: Rule[] = [
  {
    allergen: 'Gluten',
    name: /\b(ble|froment|seigle|orge|epeautre|kamut|avoine|triticale)\b|farine(?! de (riz|mais|sarrasin|pois|soja|chataigne|lupin))|\bpain\b|baguette|brioche|biscotte|chapelure|croissant|pain au chocolat|viennoiserie|biscuit|gateau|gaufre|crepe|pizza|quiche|tarte|feuillete|pate (feuilletee|brisee|sablee|a pizza)|\bpates?\b(?! (de fruits|d'amande|a tartiner))|nouille|spaghetti|macaroni|lasagne|ravioli|tortellini|couscous|semoule|boulgour|seitan|biere|croute|cracker|bretzel|muesli|pain d'epices|madeleine|cookie|panure|pane\b|hamburger|sandwich|wrap/,
    group:
      /produits cerealiers \/ (pains|pates a tarte|biscuits)|gateaux et patisseries|viennoiseries|biscuits sucres|sandwichs|pizzas, tartes/,
    unless:
      /sans gluten|\briz\b(?!.*ble)|sarrasin|quinoa|\bmais\b|millet|pate de fruits|pate d'amande|pates? a tartiner|pate de coing/,
  },
  {
    allergen: 'Crustacés',
    name: /crevette|crabe|homard|langouste|ecrevisse|tourteau|gambas|scampi|araignee de mer|surimi/,
  },
  {
    allergen: 'Œufs',
    name: /\boeufs?\b|mayonnaise|meringue|brioche|crepe|quiche|omelette|flan|creme (brulee|anglaise|patissiere|caramel)|ile flottante|mousse au chocolat|pates? aux oeufs|gaufre|madeleine|tiramisu|clafoutis|aioli|bearnaise|hollandaise/,
    group: /\/ oeufs/,
  },
  {
    allergen: 'Poissons',
    name: /poisson|thon|saumon|cabillaud|morue|anchois|sardine|colin|merlu|lieu|sole|truite|maquereau|hareng|bar\b|dorade|daurade|limande|eglefin|haddock|lotte|raie|turbot|flétan|fletan|tilapia|panga|perche|brochet|carpe|rouget|espadon|sprat|caviar|oeufs de (lump|saumon|cabillaud)|tarama|surimi|brandade|nuoc.?mam|sauce poisson/,
    group: /poissons crus|poissons cuits|produits a base de poissons|huiles de poissons/,
    unless: /\b(crevette|crabe|moule|huitre)\b.*seul/,
  },
  { allergen: 'Arachides', name: /arachide|cacahuete/ },
  { allergen: 'Soja', name: /soja|tofu|tempeh|miso|edamame|tamari/ },
  {
    allergen: 'Lait',
    name: /\blait\b|lactose|beurre|creme|fromage|yaourt|yoghourt|fromage blanc|faisselle|petit.suisse|emmental|comte|gruyere|mozzarella|parmesan|camembert|brie|roquefort|chevre|feta|ricotta|mascarpone|raclette|reblochon|cantal|mimolette|babeurre|kefir|lactoserum|glace\b|creme glacee|bechamel|gratin|quiche|brioche|croissant|chocolat au lait|ganache|flan|panna cotta/,
    group: /produits laitiers|\/ beurres|glaces et sorbets \/ glaces|desserts glaces/,
    unless:
      /\bvegetal|a base de (soja|riz|amande|avoine|coco)|boisson (au|a base|de) (soja|riz|amande|avoine|coco)|lait de coco|lait d'amande|creme de (marron|coco|cassis)|beurre de cacahuete|beurre de cacao|sorbet|margarine|creme dessert au soja/,
  },
  {
    allergen: 'Fruits à coque',
    name: /amande|noisette|\bnoix\b|cajou|pecan|pistache|macadamia|noix du bresil|praline|nougat|frangipane|massepain|pate d'amande|gianduja|financier/,
    group: /fruits a coque/,
    unless:
      /noix de coco|\bcoco\b|muscade|saint.jacques|\bnoix de veau|arachide|cacahuete|chataigne|marron|pignon|graine|sesame|tournesol|courge|lin\b|chia|pavot/,
  },
  { allergen: 'Céleri', name: /celeri/ },
  { allergen: 'Moutarde', name: /moutarde|vinaigrette|remoulade|mayonnaise/ },
  { allergen: 'Graines de sésame', name: /sesame|tahin|halva|houmous|hummus/ },
  {
    allergen: 'Anhydride sulfureux et sulfites',
    name: /\bvins?\b|champagne|cidre|porto|vermouth|xeres|sherry|vinaigre|abricot sec|raisin sec|fruits secs|pruneau|figue seche|moutarde/,
  },
  { allergen: 'Lupin', name: /lupin/ },
  {
    allergen: 'Mollusques',
    name: /moule|huitre|calmar|calamar|encornet|seiche|poulpe|escargot|saint.jacques|petoncle|bulot|palourde|\bcoques?\b|bigorneau|ormeau|praire|couteau/,
    unless: /coque de|oeuf a la coque/,
  },
];

export interface AllergenSource {
  name: string;
  group?: string | null;
  subgroup?: string | null;
}

/** The regulated allergens a food implies, in the order of the regulation's list. */
export function suggestAllergens(food: AllergenSource): string[] {
  const name = foldText(food.name);
  const group = foldText(`${food.group ?? ''} / ${food.subgroup ?? ''}`);
  return RULES.filter((r) => {
    const hit = (r.name?.test(name) ?? false) || (r.group?.test(group) ?? false);
    return hit && !(r.unless?.test(name) ?? false);
  })
    .map((r) => r.allergen)
    .sort((a, b) => ALLERGEN_NAMES.indexOf(a) - ALLERGEN_NAMES.indexOf(b));
}
