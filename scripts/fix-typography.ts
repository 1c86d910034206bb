import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSource, scanSource, typographySourceFiles } from './typography-scan.ts';

/**
 * `npx tsx scripts/fix-typography.ts`: writes French typography into the sources' texts
 * (no-break spaces, ’, guillemets), and lists what only a hand can fix.
 * `--check` lists without writing (src/shared/typography-sources.test.ts does the same).
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes('--check');
const show = (text: string) => text.replaceAll('\u00a0', '⍽').replaceAll('\u202f', '˽');
let fixed = 0;
let manual = 0;
for (const file of typographySourceFiles(root)) {
  const text = readSource(file);
  const { issues, fixedSource } = scanSource(file, text);
  for (const issue of issues) {
    const where = `${path.relative(root, file)}:${issue.line}`;
    if (issue.fixed === null) manual++;
    else fixed++;
    console.log(
      `${where}  ${issue.fixed === null ? 'FIX BY HAND ' : ''}${show(issue.text)}${issue.fixed ? `  →  ${show(issue.fixed)}` : ''}`,
    );
  }
  if (!check && fixedSource !== text) writeFileSync(file, fixedSource);
}
console.log(`${fixed} text(s) ${check ? 'to fix' : 'fixed'}, ${manual} to fix by hand.`);
process.exitCode = check && fixed + manual > 0 ? 1 : 0;
