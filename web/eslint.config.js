// ESLint for the app's TypeScript (npm run lint, run by make lint):
// typescript-eslint's recommended rules, React's rules of hooks with the
// React Compiler's checks (eslint-plugin-react-hooks, recommended), and the
// folders' import rules (STYLE.md): a feature imports no other feature
// but the engine's JSON types; lib/ and components/ import no feature.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'public/', 'e2e/'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!engine/types$)[\\w-]+/',
              message: "A feature does not import another feature's internals (the engine's types excepted): App passes it in, or it moves to components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/(features|app)/', message: 'lib/ and components/ are shared by the features and import none of them.' }] }],
    },
  },
);
