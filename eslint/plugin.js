// The local ESLint plugin that keeps NutriCarte's layering (docs/decisions/0014-layering-rules.md).
import layers from './rules/layers.js';
import noCrossFeatureImports from './rules/no-cross-feature-imports.js';
import noImportCycles from './rules/no-import-cycles.js';

export default {
  meta: { name: 'nutricarte-layering', version: '1.0.0' },
  rules: {
    layers,
    'no-cross-feature-imports': noCrossFeatureImports,
    'no-import-cycles': noImportCycles,
  },
};
