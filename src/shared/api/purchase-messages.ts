/**
 * French texts of supplier invoices, prices and sales (docs/product/purchases.md), without zod:
 * the server's refusals and the web app's pages read the same sentences.
 */
export const MAX_INVOICE_LINES = 5000;
export const MAX_SALES_ROWS = 50_000;
/** A supplier's price list: the import bounds' 10,000 rows (src/shared/product-file.ts MAX_IMPORT_ROWS). */
export const MAX_PRICE_LIST_LINES = 10_000;
/** The largest invoice or sales file taken, in bytes (src/server/app.ts applies it to the body). */
export const MAX_PURCHASE_FILE_BYTES = 8 * 1024 * 1024;

const euros = (value: number) =>
  `${value.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

export const purchaseMessages = {
  unreadable:
    'Fichier illisible : envoyez une facture Factur-X (PDF), CII ou UBL (XML) telle que votre fournisseur l’a émise',
  empty: 'Le fichier est vide',
  notXml: 'Ce fichier XML est mal formé : il ne peut pas être lu comme une facture',
  doctype:
    'Ce fichier XML déclare un DOCTYPE ou des entités : refusé par sécurité (une facture électronique n’en contient jamais)',
  unknownXml:
    'Ce XML n’est ni une facture CII (CrossIndustryInvoice) ni une facture UBL (Invoice ou CreditNote) : NutriCarte ne sait pas le lire',
  pdfUnreadable: 'Ce PDF est illisible ou endommagé',
  pdfNoInvoice:
    'Ce PDF ne contient pas de facture électronique (fichier factur-x.xml joint) : demandez à votre fournisseur sa facture au format Factur-X, ou saisissez les prix à la main',
  pdfBomb: 'Ce PDF se décompresse en un volume démesuré : refusé par sécurité',
  tooBig: 'Ce fichier dépasse 8 Mo',
  tooManyLines: `Cette facture compte plus de ${MAX_INVOICE_LINES.toLocaleString('fr-FR')} lignes : NutriCarte ne l’importe pas`,
  timeout: 'La lecture de ce fichier a pris trop de temps : il est refusé',
  missing: (what: string) => `Information obligatoire absente de la facture : ${what}`,
  badNumber: (what: string) => `Montant ou quantité illisible dans la facture : ${what}`,
  badDate: 'Date de la facture illisible (attendue au format AAAAMMJJ ou AAAA-MM-JJ)',
  currency: (code: string) =>
    `Cette facture est en ${code} : NutriCarte n’enregistre que des factures en euros. Demandez-la en euros à votre fournisseur ou saisissez les prix à la main.`,
  typeCode: (code: string) =>
    `Type de document ${code} non pris en charge : NutriCarte importe les factures (380) et les avoirs (381), pas les factures d’acompte ni les autres pièces`,
  wrongTotal: (lines: number, total: number) =>
    `Le total des lignes (${euros(lines)}) ne correspond pas au total HT des lignes de la facture (${euros(total)}) : le fichier est peut-être incomplet ou altéré, il n’est pas importé`,
  duplicate: (supplier: string, number: string) =>
    `La facture ${number} de ${supplier} est déjà importée : une facture ne compte qu’une fois`,
  noLines: (profile: string) =>
    `Profil ${profile} : la facture ne détaille pas ses lignes. Seul son total est enregistré ; les prix des produits ne changent pas.`,
  creditNote: 'Avoir : ses montants sont déduits des achats ; il ne change pas les prix des produits.',
  alreadyConfirmed: 'Cette facture est déjà validée : elle ne se modifie plus',
  notDraft: 'Seul un brouillon de facture peut être supprimé',
  unknownProduct: 'Produit inconnu dans votre organisation',
  unknownEstablishment: 'Établissement inconnu dans votre organisation',
  productInvalid: 'Identifiant de produit invalide',
  establishmentInvalid: 'Identifiant d’établissement invalide',
  dateInvalid: 'Date invalide (attendue AAAA-MM-JJ)',
  periodDateOutOfRange: 'Date hors des années 2000 à 2099',
  periodInvalid: 'La date de fin doit suivre la date de début',
  periodTooLong: 'Une période couvre au plus 3 ans',
  targetInvalid: 'L’objectif de coût matière est un pourcentage entre 1 et 100',
  versionInvalid: 'Version invalide',
  conflict: 'Ces réglages ont été modifiés entre-temps : rechargez la page avant d’enregistrer',
  // Sales
  salesUnreadable:
    'Fichier de ventes illisible : envoyez un CSV (séparateur virgule ou point-virgule) ou un classeur Excel (.xlsx)',
  salesEmpty: 'Le fichier ne contient aucune vente',
  salesNoColumns:
    'Colonnes introuvables : il faut au moins une date, le nom ou le code de l’article et la quantité (voir le format décrit dans l’aide)',
  salesTooMany: `Au plus ${MAX_SALES_ROWS.toLocaleString('fr-FR')} lignes de ventes par fichier`,
  salesRow: (row: number, what: string) => `Ligne ${row} : ${what}`,
  salesDate: 'date illisible (attendue JJ/MM/AAAA ou AAAA-MM-JJ)',
  salesQuantity: 'quantité illisible',
  salesAmount: 'montant illisible',
  salesDuplicate: 'Ce fichier de ventes est déjà importé',
  menuInvalid: 'Identifiant de carte invalide',
  // Suppliers' price lists
  priceListUnreadable:
    'Tarif illisible : envoyez un CSV (séparateur virgule ou point-virgule) ou un classeur Excel (.xlsx)',
  priceListEmpty: 'Le tarif ne contient aucun article',
  priceListNoColumns:
    'Colonnes introuvables : il faut au moins la désignation et le prix HT de chaque article (voir le format décrit dans l’aide)',
  priceListTooMany: `Au plus ${MAX_PRICE_LIST_LINES.toLocaleString('fr-FR')} articles par tarif`,
  priceListDescription: 'désignation absente',
  priceListPrice: 'prix HT illisible ou nul',
  priceListVat: 'taux de TVA illisible',
  priceListDates:
    'Le fichier porte plusieurs dates d’effet : importez un tarif par date, ou indiquez la date d’effet à l’import',
  priceListSuppliers: 'Le fichier nomme plusieurs fournisseurs : importez un tarif par fournisseur',
  priceListSupplierMissing: 'Indiquez le fournisseur de ce tarif',
  supplierInvalid: 'Nom de fournisseur invalide (200 caractères au plus)',
  priceListDuplicate: 'Ce fichier de tarif est déjà importé',
  priceListDateRange: 'La date d’effet doit tomber entre le 1er janvier 2000 et un an après aujourd’hui',
  priceListTinyPrice: (description: string, per: string) =>
    `« ${description} » : prix trop petit pour être enregistré (moins de 0,0001 € par ${per})`,
  priceListConfirmed: 'Ce tarif est déjà validé : il ne se modifie plus',
  priceListNotDraft: 'Seul un brouillon de tarif peut être supprimé',
} as const;

/** « Star », « Vache à lait »… (Kasavana and Smith, Menu Engineering, 1982), with what to do for each. */
export const ENGINEERING_CLASSES = ['star', 'plowhorse', 'puzzle', 'dog'] as const;
export type EngineeringClass = (typeof ENGINEERING_CLASSES)[number];
export const ENGINEERING_LABELS: Record<EngineeringClass, string> = {
  star: 'Star',
  plowhorse: 'Vache à lait',
  puzzle: 'Énigme',
  dog: 'Poids mort',
};
export const ENGINEERING_ADVICE: Record<EngineeringClass, string> = {
  star: 'Populaire et rentable : gardez la recette et sa place, soignez sa régularité ; une légère hausse de prix passe souvent.',
  plowhorse:
    'Populaire mais peu rentable : réduisez le coût matière (portion, produit) ou augmentez un peu le prix, et placez à côté un plat plus rentable.',
  puzzle:
    'Rentable mais peu vendu : mettez-le en avant (place sur la carte, nom, suggestion du serveur) ou baissez un peu son prix.',
  dog: 'Ni populaire ni rentable : retirez-le de la carte ou transformez-le.',
};
