import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { dismissToasts, screenshot } from './fixtures.ts';

/** The WCAG 2.1 A and AA rules (axe's tags); best practices are printed, never fatal. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FATAL = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it stands, prints every violation to the test output (the
 * issue 21 proof « axe results in the test output »), screenshots the page, and fails on any
 * serious or critical one, naming the rule and the elements.
 */
export async function audit(page: Page, name: string) {
  await dismissToasts(page);
  const width = page.viewportSize()?.width ?? 0;
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines = violations.map((v) => `  [${v.impact}] ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 6).join(' | ')}`);
  console.log(`axe ${name} @ ${width} px: ${violations.length === 0 ? 'no violation' : `${violations.length} violation(s)\n${lines.join('\n')}`}`);
  await screenshot(page, `a11y-${name}-${width}`);
  const fatal = violations.filter((v) => FATAL.has(v.impact ?? ''));
  expect(fatal.map((v) => `${v.id} (${v.impact}) on ${name} @ ${width} px: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}
