/** What the local transcription server "hears": its script spread over the audio's duration. */

/** Where word timestamps go in verbose_json: top-level `words` (OpenAI, Groq) or `segments[i].words` (faster-whisper servers, whisper.cpp). */
export type WordsShape = 'top-level' | 'in-segments';

/** nominal speaking pace before the timeline is stretched to the audio's duration */
const WORD_MS = 400;
const PAUSE_MS = 500;

interface Word {
  word: string;
  start: number;
  end: number;
}
interface Sentence {
  text: string;
  start: number;
  end: number;
  words: Word[];
}

export const seconds = (ms: number) => Math.round(ms) / 1000;
/** OpenAI's words carry no punctuation */
const bare = (w: string) => w.replace(/[^\p{L}\p{N}'’-]/gu, '');

/** The script's sentences (repeated as needed) spread evenly over [0, durationMs]. */
export function timeline(script: string[], durationMs: number, shape: WordsShape): Sentence[] {
  const lines = script.map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) return [];
  const wordsOf = (i: number) => lines[i % lines.length]!.split(/\s+/);
  // as many sentences as fit at the nominal pace (at least one)
  let count = 1;
  let nominal = wordsOf(0).length * WORD_MS;
  for (;;) {
    const next = nominal + PAUSE_MS + wordsOf(count).length * WORD_MS;
    if (next > durationMs) break;
    nominal = next;
    count++;
  }
  const scale = durationMs / nominal;
  const out: Sentence[] = [];
  let t = 0;
  for (let i = 0; i < count; i++) {
    const words: Word[] = [];
    for (const w of wordsOf(i)) {
      const word = shape === 'top-level' ? bare(w) || w : ` ${w}`;
      words.push({ word, start: seconds(t * scale), end: seconds((t + WORD_MS) * scale) });
      t += WORD_MS;
    }
    out.push({ text: ` ${lines[i % lines.length]!}`, start: words[0]!.start, end: words.at(-1)!.end, words });
    t += PAUSE_MS;
  }
  return out;
}
