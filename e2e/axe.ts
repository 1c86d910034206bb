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
 * on the page as it stands, prints every violation to the test output (the issue 21 proof
 * « axe results in the test output »), screenshots the page, and fails on any serious or
 * critical one, naming the rule and the elements. `strict`: fails on any violation at all,
 * best practices included (the public pages, e2e/rgaa.spec.ts), and goes on to the next page.
 */
export async function audit(page: Page, name: string, { strict = false, screenshot: shoot = true } = {}) {
  await dismissToasts(page);
  const width = page.viewportSize()?.width ?? 0;
  expect(await cspViolations(page), `Content-Security-Policy violations on ${name} @ ${width} px`).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines = violations.map(
    (v) =>
      `  [${v.impact}] ${v.id}: ${v.help} → ${v.nodes
        .map((n) => n.target.join(' '))
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
