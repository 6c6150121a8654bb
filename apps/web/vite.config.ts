import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), precompress(), quietIcons()],
  // the development server pre-bundles dependencies without the plugins above
  optimizeDeps: { rolldownOptions: { plugins: [quietIcons()] } },
  server: { proxy: {} },
  // the manifest tells the server which files a page needs (it names them in the page's HTML)
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
