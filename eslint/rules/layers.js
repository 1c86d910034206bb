// layering/layers: a folder of src/ never imports another it must not know about
// (docs/decisions/0014-layering-rules.md). Type-only imports count: the shared code is where
// types cross between the server and the web app.
import path from 'node:path';
import { shown, targetPath } from './import-graph.js';

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from a folder into the folders it must not depend on' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            from: { type: 'string' },
            disallow: { type: 'array', items: { type: 'string' }, minItems: 1 },
            reason: { type: 'string' },
          },
          required: ['from', 'disallow', 'reason'],
          additionalProperties: false,
        },
      },
    ],
    messages: { forbidden: '{{from}} must not import {{target}}: {{reason}}' },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.resolve(cwd, context.filename);
    const zones = (context.options[0] ?? [])
      .map((zone) => ({
        ...zone,
        from: path.resolve(cwd, zone.from),
        disallow: zone.disallow.map((dir) => path.resolve(cwd, dir)),
      }))
      .filter((zone) => inside(file, zone.from));
    if (zones.length === 0) return {};
    const check = (node, specifier) => {
      const target = typeof specifier === 'string' ? targetPath(file, specifier) : null;
      if (!target) return;
      for (const zone of zones) {
        if (zone.disallow.some((dir) => inside(target, dir))) {
          context.report({
            node,
            messageId: 'forbidden',
            data: { from: shown(cwd, zone.from), target: shown(cwd, target), reason: zone.reason },
          });
          return;
        }
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
