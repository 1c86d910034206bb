import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { dismissToasts, screenshot } from './fixtures.ts';

/** The WCAG 2.1 A and AA rules (axe's tags); best practices are printed, never fatal. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FATAL = new Set(['serious', 'critical']);

/**
 * The Content-Security-Policy violations the page's document has met so far, read before axe
 * runs (its own script is injected past the policy): Chromium keeps a document's issues and
 * reports them again to whoever enables its Audits domain. The app's policy is in
 * src/server/app.ts; src/shared/zod-fr.ts says why the web app's zod compiles no parser.
 */
async function cspViolations(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const found: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const details = issue.details.contentSecurityPolicyIssueDetails;
    if (issue.code !== 'ContentSecurityPolicyIssue' || !details) return;
    const at = details.sourceCodeLocation;
    found.push(
      `${details.violatedDirective} (${details.contentSecurityPolicyViolationType})${at ? ` at ${at.url}:${at.lineNumber + 1}:${at.columnNumber + 1}` : ''}${details.blockedURL ? `, blocked ${details.blockedURL}` : ''}`,
    );
  });
  await cdp.send('Audits.enable');
  await cdp.detach();
  return found;
}

/**
 * Checks first that the page broke no rule of the Content-Security-Policy, then runs axe-core
 * on the page as it stands, prints every violation to the test output (docs/decisions/0024's
 * « axe results in the test output »), screenshots the page, and fails on any serious or
 * critical one, naming the rule and the elements. `strict`: fails on any violation at all,
 * best practices included (the public pages, e2e/rgaa.spec.ts), and goes on to the next page.
 */
export async function audit(
  page: Page,
  name: string,
  {
    strict = false,
    screenshot: shoot = true,
    exclude,
  }: { strict?: boolean; screenshot?: boolean; exclude?: string } = {},
) {
  await dismissToasts(page);
  const width = page.viewportSize()?.width ?? 0;
  expect(await cspViolations(page), `Content-Security-Policy violations on ${name} @ ${width} px`).toEqual([]);
  // Violations only: axe still runs every rule on every node, but no longer gathers the nodes
  // that pass or are inapplicable (most of a page), which it would serialise and carry to its
  // finishing page for nothing (axe-core's `resultTypes` option). `options` before `withTags`:
  // it replaces the options object, where `withTags` writes its `runOnly`.
  // `exclude`: a part audited elsewhere (the menu editor's preview frame is the diner's page).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(TAGS);
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const lines = violations.map(
    (v) =>
      `  [${v.impact}] ${v.id}: ${v.help} → ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`)
        .slice(0, 6)
        .join(' | ')}`,
  );
  console.log(
    `axe ${name} @ ${width} px: ${violations.length === 0 ? 'no violation' : `${violations.length} violation(s)\n${lines.join('\n')}`}`,
  );
  if (shoot) await screenshot(page, `a11y-${name}-${width}`);
  const fatal = violations.filter((v) => strict || FATAL.has(v.impact ?? ''));
  // Strict audits go on past a page with a violation, so one run names every page's.
  (strict ? expect.soft : expect)(
    fatal.map(
      (v) => `${v.id} (${v.impact}) on ${name} @ ${width} px: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([]);
}

/**
 * RGAA 10.7: every control the keyboard reaches shows where the focus is. One key pressed puts
 * the browser in keyboard mode; then each focusable element takes the focus in turn, and its
 * outline (or, for the few drawn otherwise, its box-shadow) is read.
 */
export async function unringed(page: Page): Promise<string[]> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, summary, [tabindex="0"]';
    const missing: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // Radix's focus guards (invisible spans at the body's ends while a menu is open) pass the
      // focus on at once: no one ever sees them focused.
      if (element.closest('[hidden], [inert], [data-radix-focus-guard]') || element.getClientRects().length === 0)
        continue;
      element.focus();
      if (document.activeElement !== element) continue;
      const style = getComputedStyle(element);
      // `auto`: the browser's own ring, which RGAA 10.7 accepts as long as nothing removes it.
      const ring =
        style.outlineStyle === 'auto' || (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2);
      // An author's ring stands out from the light backgrounds of these pages (3:1 against white).
      const [r, g, b] = (style.outlineColor.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(Number);
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      const luminance = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
      if (style.outlineStyle !== 'auto' && ring && 1.05 / (luminance + 0.05) < 3)
        missing.push(
          `${element.tagName.toLowerCase()} « ${(element.textContent ?? '').trim().slice(0, 40)} »: ring ${style.outlineColor}`,
        );
      else if (!ring && style.boxShadow === 'none')
        missing.push(
          `${element.tagName.toLowerCase()} « ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)} »`,
        );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return missing;
  });
}
