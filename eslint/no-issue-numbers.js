// Comments and test titles cite repository files and decision records (docs/decisions/), never
// an issue number: the word « issue » and a number say nothing once the tracker is gone, a
// decision record's path still does (docs/conventions.md, rule 7).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The word issue or issues, any case, an optional space and « # », then digits; « tissue » is no issue. */
const ISSUE_NUMBER = /\bissues?\s?#?\d+/i;

/** Calls whose first argument is a test title: it(…), test(…), describe(…), test.describe(…), it.skip(…)… */
const TEST_CALLS = new Set(['it', 'test', 'describe']);

function isTestCall(callee) {
  if (callee.type === 'Identifier') return TEST_CALLS.has(callee.name);
  if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') {
    return TEST_CALLS.has(callee.object.name);
  }
  return false;
}

function titleText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join('');
  return null;
}

const noIssueNumbers = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Cite a file or a decision record, never an issue number, in comments and test titles' },
    schema: [],
    messages: {
      comment:
        '« {{found}} »: cite the repository file or decision record (docs/decisions/…) that explains this, not an issue number.',
      title:
        'Test title « {{found}} »: cite the repository file or decision record (docs/decisions/…), not an issue number.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      Program() {
        for (const comment of sourceCode.getAllComments()) {
          const found = ISSUE_NUMBER.exec(comment.value);
          if (found) context.report({ loc: comment.loc, messageId: 'comment', data: { found: found[0] } });
        }
      },
      CallExpression(node) {
        if (!isTestCall(node.callee)) return;
        const title = titleText(node.arguments[0]);
        const found = title === null ? null : ISSUE_NUMBER.exec(title);
        if (found) context.report({ node: node.arguments[0], messageId: 'title', data: { found: found[0] } });
      },
    };
  },
};

export const housePlugin = { meta: { name: 'nutricarte-house' }, rules: { 'no-issue-numbers': noIssueNumbers } };

/**
 * Files not yet rewritten, one repository path a line (eslint/issue-numbers-allowlist.txt; `#`
 * starts a comment). Each is skipped by the rule until it cites files instead; empty the list
 * as they are done.
 */
export function issueNumbersAllowlist(root) {
  const text = readFileSync(path.join(root, 'eslint', 'issue-numbers-allowlist.txt'), 'utf8');
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}
