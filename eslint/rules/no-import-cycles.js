// layering/no-import-cycles: no chain of imports leads from a file back to itself
// (docs/decisions/0014-layering-rules.md). Type-only imports and dynamic import() count: a
// cycle of types still ties the layers together. Each import that closes a cycle is reported,
// in every file of the cycle, with the whole chain.
import path from 'node:path';
import { pathBack, resolveImport, shown } from './import-graph.js';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between local modules' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.resolve(cwd, context.filename);
    const edges = [];
    const collect = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(file, specifier);
      if (target) edges.push({ node, target });
    };
    return {
      ImportDeclaration: (node) => collect(node, node.source.value),
      ExportAllDeclaration: (node) => collect(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && collect(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && collect(node, node.source.value),
      'Program:exit'() {
        const dead = new Set();
        const reported = new Set();
        for (const { node, target } of edges) {
          if (reported.has(target)) continue;
          const back = pathBack(target, file, dead);
          if (!back) continue;
          reported.add(target);
          const chain = [file, ...back].map((f) => shown(cwd, f)).join(' → ');
          context.report({ node, messageId: 'cycle', data: { chain } });
        }
      },
    };
  },
};
