import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { parseCsvRecords } from '../src/server/lib/csv.ts';
import { explainAllergens, readForRules, type AllergenCue } from '../src/shared/allergen-rules.ts';

/**
 * `npx tsx scripts/allergen-review.ts`: runs the allergen rules (src/shared/allergen-rules.ts) over
 * every Ciqual food and lists where they differ from the reviewed table data/allergens-ciqual.csv,
 * and the foods whose answer is not obvious from their name but has no reason below.
 * `--write` rewrites the table from the rules, with the reasons below: do it only once each
 * difference has been read and found right (src/shared/allergen-rules.test.ts fails until then).
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TABLE = path.join(root, 'data/allergens-ciqual.csv');

const A = {
  GLU: 'Gluten',
  CRU: 'Crustacés',
  OEU: 'Œufs',
  POI: 'Poissons',
  ARA: 'Arachides',
  SOJ: 'Soja',
  LAI: 'Lait',
  NUT: 'Fruits à coque',
  CEL: 'Céleri',
  MOU: 'Moutarde',
  SES: 'Graines de sésame',
  SUL: 'Anhydride sulfureux et sulfites',
  MOL: 'Mollusques',
} as const;

/**
 * Cues that name the allergen outright (the food is, or is plainly made of, the allergen): no
 * reason needed. Any other cue needs a reason from REASONS.
 */
const OBVIOUS: [string, RegExp][] = [
  [
    A.GLU,
    /^(bles?|froment|seigle|orge|epeautre|avoine|kamut|seitan|boulgour|farine|pains?|pates?|biscuits?|biscotte|brioche|gateau|tartes?|tartelette|pizza|crepes?|croissant|semoule|couscous|chapelure|panee?s?|pane|sandwich|nouilles|vermicelles|lasagne|ravioli|muesli|cake|cookie|cracker|croutons?|croute|feuillete|viennoiserie|gaufre|hamburger|cheeseburger|bretzel|madeleine|muffin|brownie|quiche|croque|biscuitee|taboule|pain d epices)$/,
  ],
  [A.CRU, /^(crabes?|crevettes?|homards?|langoustes?|langoustines?|ecrevisses?|araignee de mer|crustaces)$/],
  [A.OEU, /^(oeufs?|omelette|oeufs de .*)$/],
  [A.POI, /./],
  [A.ARA, /^(arachides?|cacahuetes?|beurre de cacahuete)$/],
  [A.SOJ, /^(soja|lecithine de soja|tofu)$/],
  [
    A.LAI,
    /^(laits?|lactee?s?|beurres?|cremes?|fromages?|yaourt|faisselle|kefir|chocolat au lait|pain au lait|confiture de lait|mascarpone|ricotta|mozzarella|parmesan|emmental|gruyere|comte|camembert|brie|roquefort|feta|raclette|reblochon|cantal|mimolette|tommes?|saint nectaire|morbier|munster|maroilles|coulommiers|fourme|bleu d|beaufort|abondance|ossau|pont l eveque|livarot|neufchatel|chaource|epoisses|mont d or|saint marcellin|rocamadour|crottin|valencay|sainte maure|selles sur cher|pouligny|brocciu|cheddar|gouda|edam|fontina|gorgonzola|pecorino|cancoillotte|milkshake|madeleine pur beurre|petit beurre)$/,
  ],
  [A.NUT, /^(amandes?|noisettes?|noix|pistaches?|fruits? a coques?|pate d amande|cajou)$/],
  [A.CEL, /^celeri$/],
  [A.MOU, /^moutardes?$/],
  [A.SES, /^(sesame|tahin)$/],
  [A.MOL, /./],
  ['Lupin', /./],
];

/** Why an allergen is read from a cue that does not name it (annex II of Regulation 1169/2011). */
const REASONS: [string, RegExp, string][] = [
  [A.GLU, /^group$/, 'the Ciqual group is made of wheat flour (bread, pastry, biscuits, cereals)'],
  [A.GLU, /^(biere|panache|maltee|malt)$/, 'beer and malt are made from barley'],
  [A.GLU, /^(sauce soja|teriyaki|yakitori|chop suey)$/, 'soy sauce is brewed with wheat'],
  [A.GLU, /^surimi$/, 'surimi binds the fish with wheat starch'],
  [
    A.GLU,
    /^(bechamel|roux|blanquette|endive au jambon|bouchee a la reine|souffle au fromage|gougere|quenelle)$/,
    'thickened or bound with wheat flour (roux, béchamel, panade)',
  ],
  [A.GLU, /^(nuggets|cordon bleu)$/, 'breaded'],
  [A.GLU, /^(accras?|beignets?|blinis?|clafoutis|far breton)$/, 'a batter of wheat flour'],
  [A.GLU, /^tarama$/, 'tarama is thickened with bread'],
  [A.GLU, /^extrait de levure$/, "brewer's yeast extract is made from barley and wheat"],
  [A.GLU, /^gnocchi$/, 'potato gnocchi hold wheat flour'],
  [A.GLU, /^(minestrone|melange de cereales)$/, 'holds pasta or wheat'],
  [A.GLU, /^(cereales pour petit dejeuner|cereales lactees)$/, 'wheat or oats, or barley malt for flavour'],
  [A.GLU, /^frik$/, 'frik is young durum wheat'],
  [A.GLU, /^nem$/, 'wheat wrappers and soy sauce (a rice-paper nem has none: confirm)'],
  [A.GLU, /^(tiramisu|charlotte|omelette norvegienne|cheesecake)$/, 'sponge fingers, sponge or a biscuit base'],
  [
    A.GLU,
    /^(eclair|chou a la creme|profiterole|paris brest|kouign|galette des rois|mille feuille)$/,
    'choux or puff pastry, of wheat flour',
  ],
  [A.GLU, /^(burrito|fajita|tacos|wrap)$/, 'a wheat tortilla'],
  [A.GLU, /^samoussa$/, 'wheat pastry sheets (brick)'],
  [A.GLU, /^(bouchee a la reine|vol au vent)$/, 'puff pastry'],
  [
    A.OEU,
    /^(mayonnaise|aioli|sauce (algerienne|andalouse|samourai|cocktail|burger|pommes frites|kebab|tartare|rouille)|remoulade)$/,
    'mayonnaise is made with egg yolk',
  ],
  [A.OEU, /^(bearnaise|hollandaise)$/, 'an emulsion of egg yolk and butter'],
  [A.OEU, /^(coleslaw|piemontaise)$/, 'dressed with mayonnaise'],
  [A.OEU, /^(sauce caesar|cesar)$/, 'the Caesar dressing holds egg yolk'],
  [A.OEU, /^surimi$/, 'surimi binds the fish with egg white'],
  [
    A.OEU,
    /^(quenelle|boudin blanc|terrine (ou mousse )?de (legumes|poisson|fruits de mer)|accras?)$/,
    'bound with eggs',
  ],
  [A.OEU, /^(gnocchi|ravioli|lasagne|tagliatelle|carbonara)$/, 'egg pasta or an egg sauce'],
  [A.OEU, /^(escalope panee|cordon bleu)$/, 'eggs in the breading'],
  [A.OEU, /^blanquette$/, 'the sauce is finished with egg yolk and cream'],
  [A.OEU, /^(macaron|meringue|type mystere ou vacherin|nougat glace)$/, 'made with egg white (meringue)'],
  [A.OEU, /^riz cantonais$/, 'holds scrambled egg'],
  [A.OEU, /^pan bagnat$/, 'holds hard-boiled egg'],
  [
    A.OEU,
    /^(croissant|pain au chocolat|pain aux raisins|chausson|viennoiserie|galette des rois)$/,
    'brushed with egg (dorure)',
  ],
  [
    A.OEU,
    /^(gateau|patisserie|baba|bavarois|buche de noel|buche glacee|canele|charlotte|chouquette|opera|fraisier|foret noire|donut|amandine|tarte au (citron|chocolat)|brioche|genoise|biscuit de savoie|(cheese)?cake|muffin|brownie|madeleine|financier|gaufre|crepe|beignet|blini|clafoutis|far breton|pain perdu|eclair|chou a la creme|profiterole|religieuse|paris brest|tiramisu|gougere|souffle (au|a la|aux|glace))$/,
    'eggs in the dough, batter or cream',
  ],
  [
    A.OEU,
    /^(flan|creme (brulee|anglaise|patissiere|caramel|renversee)|ile flottante|mousse au chocolat|omelette norvegienne)$/,
    'a custard, mousse or meringue of eggs',
  ],
  [
    A.OEU,
    /^(quiche|tarte (a l oignon|au fromage|au maroilles|au saumon|aux legumes|aux noix de saint jacques|aux poireaux|epinard)|flamiche|tourtes?|pastilla|ficelle picarde|croque madame)$/,
    'the filling is set with eggs',
  ],
  [A.POI, /^(cesar|sauce caesar)$/, 'anchovies in the Caesar dressing'],
  [A.POI, /^(pissaladiere|tapenade)$/, 'holds anchovies'],
  [A.POI, /^pan bagnat$/, 'holds tuna or anchovies'],
  [A.POI, /^(nuoc ?mam|fumet)$/, 'fish sauce or fish stock'],
  [A.POI, /^(surimi|tarama)$/, 'made of fish or fish roe'],
  [A.CRU, /^surimi$/, 'flavoured with crab extract'],
  [A.CRU, /^(paella|rouleau de printemps|fruits? de mer|produits de la mer)$/, 'holds prawns or other crustaceans'],
  [
    A.CRU,
    /^(sauce americaine|sauce armoricaine|sauce nantua|bisque|homardine)$/,
    'made with lobster, crab or crayfish',
  ],
  [A.MOL, /^(paella|tielle|fruits? de mer)$/, 'holds mussels or squid'],
  [A.SOJ, /^(teriyaki|yakitori|chop suey|riz cantonais|a l asiatique|nouilles .*|wok)$/, 'seasoned with soy sauce'],
  [A.SOJ, /^(miso|tempeh|tamari|shoyu|edamame|yuba)$/, 'made of soybeans'],
  [A.ARA, /^melange aperitif de graines$/, 'aperitif mixes hold peanuts'],
  [A.NUT, /^melange aperitif de graines$/, 'aperitif mixes hold almonds and cashews'],
  [A.NUT, /^(calisson|massepain|frangipane|macaron|financier|dacquoise)$/, 'made with almonds'],
  [A.NUT, /^(florentins?|pastilla|galette des rois)$/, 'holds almonds (frangipane)'],
  [A.NUT, /^(praline|nougat|nougatine|gianduja|paris brest)$/, 'praline or nougat of hazelnuts or almonds'],
  [A.LAI, /^group$/, 'a dairy product, butter or ice cream'],
  [A.LAI, /^(glaces?|creme glacee)$/, 'ice cream is made of milk'],
  [
    A.LAI,
    /^(barre chocolatee|chocolat blanc|ganache|sauce au chocolat)$/,
    'milk chocolate, cocoa butter with milk, or cream',
  ],
  [
    A.LAI,
    /^(bechamel|endive au jambon|bouchee a la reine|vol au vent|moussaka|lasagne|cannelloni|gratin|florentine)$/,
    'a béchamel or cream sauce, often with cheese',
  ],
  [
    A.LAI,
    /^(blanquette|fondue|terrine (ou mousse )?de (legumes|poisson|fruits de mer)|panna cotta|sauce a l oseille|sauce au poivre chaude|sauce indienne)$/,
    'made with cream',
  ],
  [A.LAI, /^(sauce (bearnaise|hollandaise|au beurre)|moules farcies)$/, 'made with butter'],
  [A.LAI, /^(pesto|carbonara|cesar|sauce caesar|risotto)$/, 'parmesan or pecorino (and butter)'],
  [A.LAI, /^(sauce kebab)$/, 'made with yoghurt or fromage blanc'],
  [A.LAI, /^(quenelle|boudin blanc)$/, 'a panade or filling of milk and butter'],
  [A.LAI, /^(hachis parmentier|parmentier|puree de pommes de terre)$/, 'mashed potato with milk and butter'],
  [
    A.LAI,
    /^(aligot|tartiflette|cheeseburger|croque monsieur|croque madame|salade grecque|pizza|gnocchi a la romaine|ficelle picarde|flammenkueche|tarte flambee|gougere)$/,
    'holds cheese, cream or fromage blanc',
  ],
  [A.LAI, /^(substitut de repas)$/, 'made of milk proteins'],
  [A.LAI, /^(flan|ile flottante|custard|clafoutis|far breton|crepes?|creme brulee)$/, 'a milk custard or batter'],
  [
    A.LAI,
    /^(gateau|gateau breton|patisserie|viennoiserie|croissant|pain au chocolat|pain aux raisins|chausson|baba|bavarois|buche de noel|buche glacee|canele|charlotte|chouquette|opera|fraisier|foret noire|crumble|beignet|donut|baklava|galette des rois|tartes?|tartelette|feuillete|sable|palmier|kouign|brioche|quatre quarts|quiche|tourtes?|flamiche|eclair|profiterole|religieuse|paris brest|mille feuille|tiramisu|cheesecake|tarte .*)$/,
    'butter, cream or mascarpone in the dough or the filling',
  ],
  [A.CEL, /^(bouillon|fond de (veau|volaille|boeuf))$/, 'stocks are made with celery'],
  [A.CEL, /^(bolognaise|pot au feu|minestrone)$/, 'celery in the soffritto or the broth'],
  [
    A.MOU,
    /^(mayonnaise|remoulade|celeri remoulade|sauce (tartare|gribiche|andalouse|algerienne|cocktail|burger|samourai|dijonnaise|pommes frites|kebab|caesar))$/,
    'mayonnaise and its sauces are made with mustard',
  ],
  [
    A.MOU,
    /^(vinaigrette|sauce (crudites|salade)|carottes rapees|coleslaw|piemontaise|cesar)$/,
    'a dressing made with mustard',
  ],
  [A.MOU, /^((ham|cheese)?burger|hot dog)$/, 'mustard in the sauce'],
  [A.MOU, /^(cornichon|pickles|achards)$/, 'pickled with mustard seeds'],
  [A.MOU, /^tarte a la tomate$/, 'the base is spread with mustard'],
  [A.SES, /^(ham|cheese)?burger$/, 'a sesame bun'],
  [A.SES, /^(houmous|hummus|baba ganoush|halva)$/, 'made with tahini'],
  [
    A.SUL,
    /^(vins?|champagne|cremant|kir|sangria|marsala|madere|riesling|porto|vermouth|xeres|sherry|banyuls|pineau|pommeau)$/,
    'wine holds sulphites above 10 mg/l',
  ],
  [A.SUL, /^cidre$/, 'cider is sulphited'],
  [A.SUL, /^(vinaigre|aigre doux)$/, 'wine vinegar holds sulphites'],
  [A.SUL, /^moutarde$/, 'mustard is made with white wine or sulphited vinegar'],
  [
    A.SUL,
    /^(bourguignon|sauce chasseur|grand veneur|beurre blanc|bearnaise|risotto|fondue .*|pour fondue|jambon persille|choucroute)$/,
    'white or red wine in the dish',
  ],
  [
    A.SUL,
    /(sec|secs|seche|seches|sechee|sechees|pruneau|fruits? confits?|confite)$/,
    'dried or candied fruit are sulphited (E220–E228)',
  ],
];

/**
 * Why a food lacks an allergen one might expect (the note stands only when the allergen is indeed
 * absent), or keeps one an exemption might have removed (no allergen given).
 */
const NOTES: [RegExp, string, string?][] = [
  [/^huile de soja/, 'fully refined soybean oil is exempt (annex II, 6 (a))', A.SOJ],
  [/huile d arachide/, 'peanut oil has no exemption in annex II, 5'],
  [
    /noix de coco|^coco|lait de coco|graisse de coco|eau de coco|rocher coco/,
    'coconut is not one of the eight nuts of annex II, 8',
    A.NUT,
  ],
  [/\bpignons?\b/, 'pine nuts are not one of the eight nuts of annex II, 8', A.NUT],
  [/chataigne|marron/, 'chestnuts are not one of the eight nuts of annex II, 8', A.NUT],
  [/muscade/, 'nutmeg is not a nut of annex II, 8', A.NUT],
  [/^(courge|tournesol|lin|chia|chanvre|luzerne|pavot) /, 'seeds other than sesame are not in annex II', A.NUT],
  [
    /^(whisky|vodka|gin|rhum|eau de vie|liqueur|pastis|alcool fort|cocktail a base)/,
    'distillates are exempt (annex II, 1 (c))',
    A.GLU,
  ],
  [
    /^(riz|mais|sarrasin|quinoa|millet|sorgho|tapioca|polenta|pop corn)\b|de (riz|mais|sarrasin)\b/,
    'rice, maize and buckwheat hold no gluten',
    A.GLU,
  ],
  [/sans gluten/, 'made without gluten', A.GLU],
  [/^(macaron|meringue|rocher coco)/, 'no flour in a macaron, a meringue or a rocher coco', A.GLU],
  [/^chips beignet ou petale/, 'prawn crackers are made of tapioca starch', A.GLU],
  [/beurre de cacao/, 'cocoa butter is not milk', A.LAI],
  [/sorbet|glace a l eau/, 'a sorbet holds no milk', A.LAI],
  [/pousses? de soja|haricot mungo|vermicelles? de soja/, 'mung bean sprouts or starch, not soy', A.SOJ],
  [/^margarine|type margarine/, 'vegetable fats (some margarines hold whey: confirm on the label)', A.LAI],
  [
    /^terrine\b(?!.*(croute|poisson|fruits de mer|legumes))/,
    'a terrine of meat only (one with eggs, cream or flour says so on its label)',
    A.OEU,
  ],
];

const foods = parseCsvRecords(readFileSync(path.join(root, 'data/ciqual/ciqual.csv'), 'utf8'));

const needsReason = (c: AllergenCue) => !(OBVIOUS.find(([a]) => a === c.allergen)?.[1].test(c.cue) ?? false);

function reasonOf(name: string, cues: AllergenCue[]): { reason: string; missing: AllergenCue[] } {
  const reasons: string[] = [];
  const missing: AllergenCue[] = [];
  for (const cue of cues.filter(needsReason)) {
    const found = REASONS.find(([a, pattern]) => a === cue.allergen && pattern.test(cue.cue));
    if (found) reasons.push(`${cue.allergen}: ${found[2]}`);
    else missing.push(cue);
  }
  const read = readForRules(name);
  const implied = new Set(cues.map((c) => c.allergen));
  for (const [pattern, why, absent] of NOTES) {
    if (pattern.test(read) && !(absent && implied.has(absent))) reasons.push(why);
  }
  return { reason: [...new Set(reasons)].join('; '), missing };
}

const table = new Map<string, Record<string, string>>();
try {
  for (const row of parseCsvRecords(readFileSync(TABLE, 'utf8'))) table.set(row.code!, row);
} catch {
  // No table yet: --write makes it.
}

const rows: string[][] = [];
let differences = 0;
let unexplained = 0;
for (const food of foods) {
  const cues = explainAllergens({ name: food.name!, group: food.group, subgroup: food.subgroup });
  const allergens = cues.map((c) => c.allergen).join('|');
  const { reason, missing } = reasonOf(food.name!, cues);
  const reviewed = table.get(food.code!);
  if (reviewed?.allergens !== allergens) {
    differences++;
    console.log(`${food.code} ${food.name}: table « ${reviewed?.allergens ?? '—'} », rules « ${allergens} »`);
  }
  for (const cue of missing) {
    unexplained++;
    console.log(`${food.code} ${food.name}: no reason for ${cue.allergen} read from « ${cue.cue} »`);
  }
  rows.push([food.code!, food.name!, allergens, reason]);
}
rows.sort((a, b) => Number(a[0]) - Number(b[0]));
console.log(
  `${foods.length} foods, ${differences} difference(s) with the table, ${unexplained} cue(s) without a reason.`,
);
if (process.argv.includes('--write')) {
  writeFileSync(
    TABLE,
    `${Papa.unparse({ fields: ['code', 'name', 'allergens', 'reason'], data: rows }, { newline: '\n' })}\n`,
  );
  console.log(`Wrote ${path.relative(root, TABLE)}.`);
}
