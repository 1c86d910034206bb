/**
 * Where an allergen is named in an ingredient's name, to emphasise it (Regulation 1169/2011,
 * article 21(1)(b): « farine de **blé** », « **beurre** »). Each allergen of annex II has the
 * words that name it; when none is in the name (« Saumon fumé » for « Poissons »), the whole
 * name is emphasised. Words are matched on folded text (no accents, « oe » for « œ »).
 */
const WORDS: Record<string, RegExp> = {
  Gluten: /\b(bles?|froment|seigle|orge|epeautre|kamut|avoine|triticale|gluten)\b/,
  Crustacés: /\b(crevettes?|crabes?|homards?|langoustes?|langoustines?|ecrevisses?|tourteaux?|gambas|crustaces?)\b/,
  Œufs: /\b(oeufs?|jaunes? d'oeufs?|blancs? d'oeufs?)\b/,
  Poissons: /\b(poissons?|anchois|thon|saumon|cabillaud|morue|sardines?|colin|merlu|truite|maquereau|hareng)\b/,
  Arachides: /\b(arachides?|cacahuetes?)\b/,
  Soja: /\bsoja\b/,
  Lait: /\b(lait|laitier|beurre|cremes?|fromages?|yaourts?|lactose|lactoserum|mozzarella|parmesan|emmental|comte|mascarpone|ricotta)\b/,
  'Fruits à coque': /\b(amandes?|noisettes?|noix|cajou|pecan|pistaches?|macadamia)\b/,
  Céleri: /\bceleri\b/,
  Moutarde: /\bmoutarde\b/,
  'Graines de sésame': /\b(sesame|tahin[ie]?)\b/,
  'Anhydride sulfureux et sulfites': /\b((di|meta|bi)?sulfites?|anhydride sulfureux|sulfureux)\b/,
  Lupin: /\blupin\b/,
  Mollusques:
    /\b(mollusques?|moules?|huitres?|calmars?|encornets?|seiches?|poulpes?|escargots?|saint-jacques|bulots?)\b/,
};

/** Folds one character as src/shared/allergens.ts foldText does, keeping where each output character came from. */
function foldWithMap(text: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const f = text[i]!.replace(/œ/gi, 'oe')
      .replace(/æ/gi, 'ae')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // Apostrophes alike, so « d’œuf » matches « d'oeuf ».
      .replace(/[’‘]/g, "'");
    for (const ch of f) {
      folded += ch;
      from.push(i);
    }
  }
  return { folded, from };
}

export interface Span {
  start: number;
  end: number;
}

/**
 * The spans of `name` to emphasise for these allergens, in order and merged: the words naming
 * each allergen, or the whole name when an allergen's words are not in it.
 */
export function emphasisSpans(name: string, allergens: readonly string[]): Span[] {
  if (allergens.length === 0 || name.length === 0) return [];
  const { folded, from } = foldWithMap(name);
  const spans: Span[] = [];
  for (const allergen of allergens) {
    const words = WORDS[allergen];
    const pattern = words ? new RegExp(words.source, 'g') : null;
    const found = pattern ? [...folded.matchAll(pattern)] : [];
    if (found.length === 0) return [{ start: 0, end: name.length }];
    for (const match of found) {
      const last = match.index + match[0].length - 1;
      spans.push({ start: from[match.index]!, end: from[last]! + 1 });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const previous = merged.at(-1);
    if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Whether the text names this allergen in so many words (a product's own list). */
export const namesAllergen = (text: string, allergen: string): boolean => {
  const words = WORDS[allergen];
  return words ? words.test(foldWithMap(text).folded) : false;
};
