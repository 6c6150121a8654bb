// a part of a language's texts, cut at build time (vite.config.ts, lib/text-parts.ts)
declare module '*.json?texts=home' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
