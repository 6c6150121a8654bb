import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { textPart, type TextPart } from './src/lib/text-parts.js';

/**
 * Writes a .br and a .gz beside every script, style sheet and SVG of the build, compressed once
 * at their best: the server sends those (@fastify/static preCompressed) instead of compressing
 * each asset again on every request, which cost its CPU on every page load.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'subtrans-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|xml)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Ant Design's icons name themselves for screen readers by their file names, in English, in
 * every interface language (`<span role="img" aria-label="shopping-cart">`), and antd's own
 * components (select arrows, pagination, alerts) draw the same icons. An icon beside its text is
 * decoration: here it is hidden from assistive technology unless the code gives it a label
 * (`aria-label`, then it stays an image with that label). The build fails if the icon component
 * changes so that the rewrite no longer applies.
 */
function quietIcons(): Plugin {
  const file = /@ant-design[\\/]icons[\\/](es|lib)[\\/]components[\\/]AntdIcon(Light)?\.js$/;
  const named = /role: "img",\s*"aria-label": icon\.name/;
  return {
    name: 'subtrans-quiet-icons',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!named.test(code)) this.error(`${id}: the icon's self-naming is not where expected`);
      return code.replace(
        named,
        'role: restProps["aria-label"] === undefined ? undefined : "img", "aria-hidden": restProps["aria-label"] === undefined ? true : undefined',
      );
    },
  };
}

/**
 * `<lang>.json?texts=home` and `?texts=rest`: a language's texts cut in two parts, each a chunk of
 * its own (src/lib/text-parts.ts says which texts the home page draws). The source stays one file.
 */
function textParts(): Plugin {
  const QUERY = /\.json\?texts=(home|rest)$/;
  return {
    name: 'subtrans-text-parts',
    enforce: 'pre',
    async load(id) {
      const m = QUERY.exec(id);
      if (!m) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const texts = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(textPart(texts, m[1] as TextPart))};`;
    },
  };
}

/** kB as Vite counts them (1000 bytes) */
const KB = 1000;
/** every chunk but the language model's, minified: Vite's own warning limit */
const CHUNK_BUDGET_KB = 500;
/**
 * tinyld's trigram model is data (591 kB minified, no smaller for being split): a chunk of its own,
 * loaded only by the SRT upload dialog and only for a Latin-script file (features/tasks/lib/srt-preview.ts)
 */
const MODEL_BUDGET_KB = 640;

/**
 * Vite's size warning, per chunk and as a failure: a chunk over its budget fails the build instead
 * of printing a line nobody reads. The one exception is the language model's chunk, which only
 * the upload of a Latin-script file loads; everything else stays within 500 kB.
 */
function chunkBudget(): Plugin {
  return {
    name: 'subtrans-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const model = chunk.moduleIds.some((id) => /[\\/]tinyld[\\/]/.test(id));
        const budget = model ? MODEL_BUDGET_KB : CHUNK_BUDGET_KB;
        const size = Buffer.byteLength(chunk.code) / KB;
        if (size > budget)
          this.error(
            `${chunk.fileName} is ${size.toFixed(0)} kB minified, over its ${budget} kB budget: load what it holds lazily (import()) or split it`,
          );
        if (model && chunk.isEntry)
          this.error(`${chunk.fileName}: the language model must not load with the app`);
      }
    },
  };
}

export default defineConfig({
  plugins: [textParts(), react(), precompress(), quietIcons(), chunkBudget()],
  // the development server pre-bundles dependencies without the plugins above
  optimizeDeps: { rolldownOptions: { plugins: [quietIcons()] } },
  server: { proxy: {} },
  // the manifest tells the server which files a page needs (it names them in the page's HTML)
  // the per-chunk budgets are chunkBudget's; Vite's global warning would flag the model's chunk
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: MODEL_BUDGET_KB },
});
