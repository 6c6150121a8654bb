/**
 * JavaScript (gzip) a page loads from the production build: the entry's static imports plus the
 * page's own chunk and its static imports, read from Vite's manifest, plus the texts of one
 * interface language (the largest is counted). Each language's texts are two chunks
 * (apps/web/src/lib/text-parts.ts): the home page loads the part it draws, any other page both.
 * The home page against the dashboard, in the same build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Figure } from './ledger.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/web/dist');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function closure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

const gzipKb = (files: Set<string>) =>
  Math.round(
    [...files]
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length, 0) / 102.4,
  ) / 10;

export function benchBundle(): Figure[] {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--manifest'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  if (build.status !== 0 || !existsSync(manifestFile)) throw new Error('the web build failed');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const texts = (part: 'home' | 'rest') =>
    new Map(
      Object.keys(manifest)
        .map((k) => [/packages\/locales\/src\/(\w+)\.json\?texts=(\w+)$/.exec(k), k] as const)
        .filter(([m]) => m?.[2] === part)
        .map(([m, k]) => [m![1]!, k]),
    );
  const homeTexts = texts('home');
  const restTexts = texts('rest');
  if (!homeTexts.size || homeTexts.size !== restTexts.size) throw new Error('no text chunks in the manifest');
  const language = (withRest: boolean) =>
    Math.max(
      ...[...homeTexts].map(([lang, key]) =>
        gzipKb(closure(manifest, withRest ? [key, restTexts.get(lang)!] : [key])),
      ),
    );
  const chunk = (name: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(name));
    if (!key) throw new Error(`no chunk for ${name} in the manifest`);
    return key;
  };
  const page = (withRest: boolean, ...names: string[]) =>
    Math.round((gzipKb(closure(manifest, [entry, ...names.map(chunk)])) + language(withRest)) * 10) / 10;
  const home = page(false, 'features/public-site/routes/home-page.tsx');
  // the dashboard sits under the antd layout route: its chunk and every text come with it
  const dashboard = page(true, 'app/antd-layout.tsx', 'app/dashboard/dashboard-page.tsx');
  return [
    {
      name: 'JavaScript loaded by the home page (gzip)',
      value: home,
      unit: 'KB',
      baseline: `dashboard ${dashboard} KB`,
      baselineValue: dashboard,
      ratio: Math.round((home / dashboard) * 100) / 100,
      goal: '≤ 150 KB',
    },
  ];
}
