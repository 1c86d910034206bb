// layering/no-cross-feature-imports: a feature folder never imports another feature
// (docs/decisions/0014-layering-rules.md). Pages, layouts and app.ts compose features; what
// two features share moves out of features (src/server/domain, src/server/lib, src/web/components…).
import path from 'node:path';
import { shown, targetPath } from './import-graph.js';

/** The feature a file belongs to under one of the roots: { root, name }, or null. */
function featureOf(file, roots) {
  for (const root of roots) {
    const relative = path.relative(root, file);
    if (relative && !relative.startsWith('..') && !path.isAbsolute(relative) && relative.includes(path.sep)) {
      return { root, name: relative.split(path.sep)[0] };
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a feature folder from importing another feature folder' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        'Feature « {{from}} » must not import feature « {{to}} » ({{target}}): features do not import each other; compose them in a page, a layout or app.ts, or move what both need out of features.',
    },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.resolve(cwd, context.filename);
    const roots = context.options[0].roots.map((root) => path.resolve(cwd, root));
    const own = featureOf(file, roots);
    if (!own) return {};
    const check = (node, specifier) => {
      const target = typeof specifier === 'string' ? targetPath(file, specifier) : null;
      if (!target) return;
      const other = featureOf(target, roots);
      if (other && (other.root !== own.root || other.name !== own.name)) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { from: own.name, to: other.name, target: shown(cwd, target) },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
