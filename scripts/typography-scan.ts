import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { frenchTypography, NBSP } from '../src/shared/typography.ts';

/**
 * Finds the French texts of the sources written without French typography (plain space
 * before « : ; ! ? », straight apostrophe, guillemets without no-break spaces, a number parted
 * from its unit), and fixes them (docs/decisions/0012-french-typography.md). The unit test
 * src/shared/typography-sources.test.ts runs the check; `npx tsx scripts/fix-typography.ts`
 * rewrites the sources.
 *
 * French texts: JSX text, and string or template literals that read as words (an accented
 * letter, a French elision, two words in a row, a space before « : ; ! ? »). Code strings
 * (class names, paths, CSS, SQL templates, code attributes of JSX) are left alone.
 */
export interface TypographyIssue {
  file: string;
  line: number;
  text: string;
  /** The text as it should be written, or null when only a hand can fix it (an escape in the way). */
  fixed: string | null;
}

const FRENCH_HINT =
  /[àâçéèêëîïôûùüœæ«»’]|\b(?:l|d|n|qu|j|c|s|jusqu|lorsqu|puisqu|aujourd)'\p{L}|\b(?:le|la|les|des|du|une|et|est|pour|avec|votre|vos|vous|nous|pas|sur|dans|aux|cette|sont|ou|au|ce|un|menu|recette|erreur|code|compte|email|ingrédient)\b/iu;
/** Two words, or French spacing before punctuation (« Ex. : », « Bravo ! »). */
const WORDS = /\p{L}{2,} +\p{L}{2,}|[\p{L}.)] [:;!?](?:\s|$)/u;
export const looksFrench = (text: string) => FRENCH_HINT.test(text) || WORDS.test(text);

/** JSX attributes that hold code, never words. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'd',
  'viewBox',
  'points',
  'href',
  'to',
  'src',
  'id',
  'htmlFor',
  'type',
  'name',
  'role',
  'pattern',
  'autoComplete',
  'inputMode',
  'rel',
  'target',
]);

/** After an interpolated value: a plain space before a unit (« ${n} recettes »). */
const LEADING_UNIT = (text: string) => {
  const fixed = frenchTypography(`0${text}`).slice(1);
  return fixed.startsWith(NBSP) && text.startsWith(' ') ? NBSP + text.slice(1) : text;
};

interface Literal {
  node: ts.Node;
  /** The text as the program sees it. */
  cooked: string;
  /** The source between the delimiters. */
  start: number;
  end: number;
  afterValue: boolean;
  quote: string | null;
}

function literalsOf(source: ts.SourceFile): Literal[] {
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    const parent = node.parent;
    const inCodeAttribute = parent && ts.isJsxAttribute(parent) && CODE_ATTRIBUTES.has(parent.name.getText(source));
    const inModuleSpecifier =
      parent &&
      (ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isImportTypeNode(parent) ||
        ts.isExternalModuleReference(parent));
    if (ts.isJsxText(node)) {
      // JSX text has no trivia: its whole span (`pos`, not getStart) is text, leading spaces included.
      // After `{count}`, a unit or counted word keeps to its number like in a template.
      const siblings = parent
        ? parent
            .getChildren(source)
            .flatMap((child) => (child.kind === ts.SyntaxKind.SyntaxList ? child.getChildren(source) : [child]))
        : [];
      const previous = siblings[siblings.indexOf(node) - 1];
      const afterValue = previous !== undefined && ts.isJsxExpression(previous);
      if (node.text.trim())
        found.push({ node, cooked: node.text, start: node.pos, end: node.getEnd(), afterValue, quote: null });
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      !inCodeAttribute &&
      !inModuleSpecifier &&
      !ts.isLiteralTypeNode(parent)
    ) {
      const start = node.getStart(source);
      // JSX attributes keep their double quotes; elsewhere the quote may change (see scanSource).
      const quote = parent && ts.isJsxAttribute(parent) ? null : (source.text[start] ?? null);
      found.push({ node, cooked: node.text, start: start + 1, end: node.getEnd() - 1, afterValue: false, quote });
    } else if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      return; // SQL: code, comments included.
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const start = node.getStart(source);
      const end = node.getEnd();
      found.push({
        node,
        cooked: node.text,
        start: start + 1,
        end: ts.isTemplateTail(node) ? end - 1 : end - 2,
        afterValue: !ts.isTemplateHead(node),
        quote: null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A template reads as French as a whole: « ${range} : ${total} » is judged with its other parts. */
function wholeText(node: ts.Node): string {
  let template: ts.Node | undefined = node;
  while (template && !ts.isTemplateExpression(template)) template = template.parent;
  if (!template || !ts.isTemplateExpression(template)) return (node as ts.LiteralLikeNode).text;
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join('0');
}

const isFrenchText = (literal: Literal) =>
  ts.isJsxText(literal.node) ||
  looksFrench(literal.cooked) ||
  (literal.afterValue && LEADING_UNIT(literal.cooked) !== literal.cooked) ||
  ((literal.afterValue || ts.isTemplateHead(literal.node)) && looksFrench(wholeText(literal.node)));
const typeset = (text: string, afterValue: boolean) => {
  const fixed = frenchTypography(text);
  return afterValue ? LEADING_UNIT(fixed) : fixed;
};

/** The issues of one file and its source with every fixable one fixed. */
const parse = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** Every text literal of a file (JSX text, strings, parts of templates; not SQL, not module paths), with its line. */
export function textLiteralsOf(file: string, text: string): { line: number; text: string }[] {
  const source = parse(file, text);
  return literalsOf(source).map((literal) => ({
    line: source.getLineAndCharacterOfPosition(literal.start).line + 1,
    text: literal.cooked,
  }));
}

export function scanSource(file: string, text: string): { issues: TypographyIssue[]; fixedSource: string } {
  const source = parse(file, text);
  const issues: TypographyIssue[] = [];
  const edits: { start: number; end: number; replacement: string }[] = [];
  for (const literal of literalsOf(source)) {
    if (!isFrenchText(literal)) continue;
    const wanted = typeset(literal.cooked, literal.afterValue);
    if (wanted === literal.cooked) continue;
    const raw = text.slice(literal.start, literal.end);
    const fixedRaw = typeset(raw, literal.afterValue);
    // The raw text holds escapes the cooked one does not: the fix holds only if it gives the wanted text.
    const fixable = fixedRaw !== raw && !/\\'/.test(raw);
    const line = source.getLineAndCharacterOfPosition(literal.start).line + 1;
    issues.push({ file, line, text: literal.cooked.trim(), fixed: fixable ? wanted.trim() : null });
    if (!fixable) continue;
    // "L'email" becomes 'L’email': the house quotes once no apostrophe needs the double ones.
    if (literal.quote === '"' && !/['"\\]/.test(fixedRaw))
      edits.push({ start: literal.start - 1, end: literal.end + 1, replacement: `'${fixedRaw}'` });
    else edits.push({ start: literal.start, end: literal.end, replacement: fixedRaw });
  }
  let fixedSource = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    fixedSource = fixedSource.slice(0, edit.start) + edit.replacement + fixedSource.slice(edit.end);
  return { issues, fixedSource };
}

/**
 * Where user-facing French is written: everything under src/ but tests and test tooling,
 * migrations (applied once, never rewritten) and the search-relevance fixtures (Ciqual's
 * own names, straight apostrophes included).
 */
const SKIPPED = [
  /\.test\.tsx?$/,
  /\/server\/test\//,
  /\/server\/reliability\//,
  /\/server\/db\/migrations\//,
  /\/catalogue\/relevance-queries\.ts$/,
  /\/shared\/typography\.ts$/,
];

export function typographySourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !SKIPPED.some((re) => re.test(full.split(path.sep).join('/'))))
        files.push(full);
    }
  };
  walk(path.join(root, 'src'));
  return files.sort();
}

export const readSource = (file: string) => readFileSync(file, 'utf8');
