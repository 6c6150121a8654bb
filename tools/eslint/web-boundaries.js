import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The web app's import boundaries (ARCHITECTURE.md §2: lib and components ← features ← app):
 * a feature imports no other feature and nothing of app/; lib/ and components/ import no
 * feature and nothing of app/. What several features need lives in lib/ or components/, and
 * pages that compose features live in app/.
 *
 * `srcDir` is the app's src folder (a test passes a fixture's); every folder of its features/
 * is a feature.
 *
 * @param {string} srcDir
 * @returns {import('eslint').Linter.Config}
 */
export function webBoundaries(srcDir) {
  const at = (...p) => path.join(srcDir, ...p);
  const features = readdirSync(at('features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: at('features', name),
              from: at('features'),
              except: [`./${name}`],
              message:
                'A feature imports no other feature: move what both need to lib/ or components/, or compose them in app/.',
            })),
            {
              target: at('features'),
              from: at('app'),
              message: 'A feature imports nothing of app/: move the shared piece to lib/ or components/.',
            },
            {
              target: [at('lib'), at('components')],
              from: [at('features'), at('app')],
              message: 'lib/ and components/ import no feature and nothing of app/.',
            },
          ],
        },
      ],
    },
  };
}
