import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startApertiumApyServer,
  startGoogleV2Server,
  startOpenAiServer,
} from '../../../test/support/translation-servers.js';
import { apertiumEngine, commandExists } from './apertium.js';
import { capabilitiesOf } from './capabilities.js';
import type { TranslateRequest, TranslationEngine } from './engine.js';
import { googleV2Engine } from './google-v2.js';
import { openAiCompatibleEngine } from './openai-compatible.js';

/**
 * Issue 34: what each adapter claims to honour is what reaches its provider. A batch carries a
 * term and a note that appear nowhere in its lines; an engine that claims terms (instructions)
 * must send them, and one that does not must not (the upload would then hide an option it uses).
 */
const TERM = { source: 'Lane', target: 'Carril-7Q', note: 'TERM-NOTE-4K' };
const NOTE = 'VOICE-NOTE-9Z';
const request = (lines: string[], extras = true): TranslateRequest => ({
  lines,
  context: { before: [], after: [] },
  source: 'en',
  target: 'es',
  ...(extras ? { terms: [TERM], instructions: { formality: 'formal', note: NOTE } } : {}),
});

/** Sends one batch with the extras; answers what the provider received of it, as text. */
async function claimsMatchWire(engine: TranslationEngine, wire: () => unknown) {
  const caps = capabilitiesOf(engine);
  await engine.translate(request(['Come in, Lane.']));
  const received = JSON.stringify(wire());
  expect({ terms: received.includes(TERM.target), instructions: received.includes(NOTE) }).toEqual({
    terms: caps.terms,
    instructions: caps.instructions,
  });
  return caps;
}

// the real Apertium loads its dictionaries on the first call: seconds on a busy machine
describe('each engine honours what it claims (issue 34)', { timeout: 60_000 }, () => {
  let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
  let google: Awaited<ReturnType<typeof startGoogleV2Server>>;
  let apy: Awaited<ReturnType<typeof startApertiumApyServer>>;
  beforeAll(async () => {
    [openai, google, apy] = await Promise.all([
      startOpenAiServer('k'),
      startGoogleV2Server('k'),
      startApertiumApyServer(),
    ]);
  });
  afterAll(() => Promise.all([openai.close(), google.close(), apy.close()]));

  it('OpenAI-compatible (DeepSeek, OpenAI): a language model that takes terms, the note, a brief, condensing', async () => {
    const engine = openAiCompatibleEngine({ name: 'deepseek', baseUrl: openai.url, apiKey: 'k', model: 'm' });
    const caps = await claimsMatchWire(engine, () => openai.requests.at(-1));
    expect(caps).toEqual({
      kind: 'language-model',
      terms: true,
      instructions: true,
      brief: true,
      condense: true,
    });
    expect(openai.requests.at(-1)).toMatchObject({
      terms: [TERM],
      instructions: { formality: 'formal', note: NOTE },
    });
    // the brief and condensing the capabilities name are calls the provider receives
    await engine.brief!({
      lines: ['Come in, Lane.'],
      source: 'en',
      target: 'es',
      part: { index: 0, count: 1 },
      synopsisChars: 100,
    });
    expect(openai.briefRequests).toHaveLength(1);
    await engine.condense!({
      items: [
        { text: 'Entra, Lane, por favor.', budget: 10, original: 'Come in, Lane.', before: '', after: '' },
      ],
      counting: 'chars',
      source: 'en',
      target: 'es',
    });
    expect(openai.condenseRequests).toHaveLength(1);
  });

  it('Google v2: machine translation that sends the lines and languages only', async () => {
    const engine = googleV2Engine({ baseUrl: google.url, apiKey: 'k' });
    const caps = await claimsMatchWire(engine, () => google.requests.at(-1));
    expect(caps).toEqual({
      kind: 'machine-translation',
      terms: false,
      instructions: false,
      brief: false,
      condense: false,
    });
    expect(google.requests.at(-1)).toEqual({
      q: ['Come in, Lane.'],
      target: 'es',
      format: 'text',
      source: 'en',
    });
  });

  it('Apertium through apertium-apy: rule-based; its terms rendered by the adapter, none sent', async () => {
    const engine = apertiumEngine({ url: apy.url });
    expect(capabilitiesOf(engine)).toEqual({
      kind: 'rule-based',
      terms: true,
      instructions: false,
      brief: false,
      condense: false,
    });
    const [out] = await engine.translate(request(['Come in, Lane.']));
    // issue 36: the term goes through as a made-up word and comes back as its target; the
    // provider sees neither the term, its target nor the note
    expect(out).toContain(TERM.target);
    const received = JSON.stringify(apy.requests.at(-1));
    for (const hidden of ['Lane', TERM.target, TERM.note, NOTE]) expect(received).not.toContain(hidden);
  });

  it('Apertium, the real command: the glossary "Lane → Lane" keeps Lane, which is Camino without it', async () => {
    if (!commandExists('apertium'))
      throw new Error(
        'apertium is not on PATH: apt-get install apertium apertium-eng-spa (CI installs them)',
      );
    const engine = apertiumEngine();
    try {
      const line = ['Come in, Lane.'];
      const keep = { ...request(line), terms: [{ source: 'Lane', target: 'Lane', keep: true }] };
      const [withTerms, without] = [
        await engine.translate(keep),
        await engine.translate(request(line, false)),
      ];
      expect(without[0]).toContain('Camino');
      expect(withTerms[0]).toContain('Lane');
      expect(withTerms[0]).not.toContain('Camino');
    } finally {
      await engine.close?.();
    }
  });
});
