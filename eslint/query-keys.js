// Every query key of the web app comes from src/web/lib/query-keys.ts (docs/conventions.md
// « Data access »): a key typed out elsewhere, in one feature to refresh another's answers,
// silently stops refreshing them the day the owner renames it. A `queryKey`, and the key given to
// the query client's getQueryData/setQueryData/getQueryState, is `queryKeys.…` or the key of a
// query's options (`meQuery.queryKey`); anything else is reported.

/** The query client's methods whose first argument is a key (the others take filters holding `queryKey`). */
const KEY_METHODS = new Set(['getQueryData', 'setQueryData', 'getQueryState']);

const unwrap = (node) =>
  node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSSatisfiesExpression'
    ? unwrap(node.expression)
    : node;

/** `queryKeys.recipes.all`, `queryKeys.menus.sections(id)`, or a query options' `x.queryKey`. */
function isNamedKey(node) {
  let current = unwrap(node);
  if (current.type === 'MemberExpression' && !current.computed && current.property.name === 'queryKey') return true;
  for (;;) {
    if (current.type === 'Identifier') return current.name === 'queryKeys';
    if (current.type === 'MemberExpression') current = unwrap(current.object);
    else if (current.type === 'CallExpression') current = unwrap(current.callee);
    else return false;
  }
}

const queryKeysFromModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Query keys come from src/web/lib/query-keys.ts.' },
    schema: [],
    messages: {
      literal:
        'A query key comes from src/web/lib/query-keys.ts (`queryKeys.…`): add it there rather than typing it here (docs/conventions.md « Data access »).',
    },
  },
  create(context) {
    const check = (node) => {
      if (!isNamedKey(node)) context.report({ node, messageId: 'literal' });
    };
    return {
      Property(node) {
        if (node.parent.type !== 'ObjectExpression' || node.computed) return;
        const name = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (name === 'queryKey') check(node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || !KEY_METHODS.has(callee.property.name)) return;
        const [key] = node.arguments;
        if (key && key.type !== 'ObjectExpression') check(key);
      },
    };
  },
};

export const queryKeysRule = queryKeysFromModule;
