import { describe, expect, it } from 'vitest';
import type { Cue } from './model.js';
import { RECUT_DEFAULTS, cuesFromTranscript, type TimedSegment, type TimedWord } from './recut.js';
import { lineWidth, readingSpeed } from './width.js';
import { expectWellFormed } from '../test/recut-support.js';

/** Whisper-style words (" word") of an English text, `msPerChar` each character, `gapMs` apart. */
function englishWords(text: string, startMs: number, msPerChar = 60, gapMs = 40): TimedWord[] {
  const out: TimedWord[] = [];
  let t = startMs;
  for (const w of text.split(' ').filter(Boolean)) {
    const d = w.length * msPerChar;
    out.push({ text: ` ${w}`, startMs: t, endMs: t + d });
    t += d + gapMs;
  }
  return out;
}

/** Segments of word-timed sentences, `pauseMs` of silence between two segments. */
function segmentsOf(texts: string[], pauseMs = 700, msPerChar = 60): TimedSegment[] {
  let t = 0;
  return texts.map((text) => {
    const words = englishWords(text, t, msPerChar);
    const seg = {
      startMs: words[0]!.startMs,
      endMs: words[words.length - 1]!.endMs,
      text: ` ${text}`,
      words,
    };
    t = seg.endMs + pauseMs;
    return seg;
  });
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const allWords = (segs: TimedSegment[]) => norm(segs.flatMap((s) => s.words!.map((w) => w.text)).join(''));
const joined = (cues: Cue[]) => norm(cues.map((c) => c.text.replace(/\n/g, ' ')).join(' '));

const STORY = [
  'So I was walking down the street the other day, and I saw this huge dog running toward me. I had no idea what to do, so I just stood there and waited.',
  'It turned out the dog was friendly and only wanted to play with the stick I was holding in my hand, which was a relief because I am honestly terrified of big dogs.',
  'Later that evening I told my sister about it and she laughed for about ten minutes straight because apparently the same thing happened to her last week near the park by the river.',
  'Anyway, the moral of the story is simple. Always carry a stick.',
];

describe('cuesFromTranscript: an English transcript with word timestamps', () => {
  const segs = segmentsOf(STORY);
  const cues = cuesFromTranscript(segs);

  it('keeps every cue within the Netflix limits, in order and without overlap', () => {
    expect(cues.length).toBeGreaterThan(STORY.length);
    expectWellFormed(cues);
  });

  it('loses and duplicates nothing: the cues read as the words', () => {
    expect(joined(cues)).toBe(allWords(segs));
  });

  it('times cues from their words', () => {
    const words = segs.flatMap((s) => s.words!);
    for (const c of cues) expect(words.some((w) => w.startMs === c.startMs)).toBe(true);
    expect(cues[0]!.startMs).toBe(0);
  });

  it('cuts at sentence ends and clause marks rather than anywhere', () => {
    const atPunctuation = cues.filter((c) => /[.,!?]$/.test(c.text)).length;
    expect(atPunctuation / cues.length).toBeGreaterThanOrEqual(0.6);
    // two short sentences share a cue, one a line
    expect(cues[cues.length - 1]!.text).toBe(
      'Anyway, the moral of the story is simple.\nAlways carry a stick.',
    );
  });

  it('leaves no scrap of one or two words of a sentence to open the next cue', () => {
    cues.forEach((c, k) => {
      if (k === 0 || /[.!?]$/.test(cues[k - 1]!.text)) return;
      const head = c.text.replace(/\n/g, ' ').split(/(?<=[.!?]) /)[0]!;
      if (/[.!?]$/.test(head)) expect(head.split(' ').length).toBeGreaterThan(2);
    });
  });

  it('prefers a sentence end to filling the cue', () => {
    const [seg] = segmentsOf([
      'We lost the keys. Then we spent the whole afternoon looking for them everywhere in the house',
    ]);
    const out = cuesFromTranscript([seg!]);
    expect(out[0]!.text).toBe('We lost the keys.');
    expectWellFormed(out);
  });

  it('breaks a long cue in two balanced lines, after punctuation when it costs little balance', () => {
    const [seg] = segmentsOf(['I really think that we should probably go home before it gets dark']);
    const [cue] = cuesFromTranscript([seg!]);
    const [top, bottom] = cue!.text.split('\n');
    expect(Math.abs(lineWidth(top!) - lineWidth(bottom!))).toBeLessThanOrEqual(8);
    expect(lineWidth(bottom!)).toBeGreaterThanOrEqual(lineWidth(top!)); // bottom-heavy

    const [seg2] = segmentsOf(['If you want to come with us tonight, you should be ready by nine']);
    expect(cuesFromTranscript([seg2!])[0]!.text).toBe(
      'If you want to come with us tonight,\nyou should be ready by nine',
    );
  });

  it('keeps a cue on one line when it fits', () => {
    const [seg] = segmentsOf(['Hello there, my friend.']);
    expect(cuesFromTranscript([seg!])[0]!.text).toBe('Hello there, my friend.');
  });

  it('never spans a long silence', () => {
    const out = cuesFromTranscript([
      { startMs: 0, endMs: 400, text: ' Hi.', words: [{ text: ' Hi.', startMs: 0, endMs: 400 }] },
      { startMs: 5000, endMs: 5400, text: ' Yes.', words: [{ text: ' Yes.', startMs: 5000, endMs: 5400 }] },
    ]);
    expect(out.map((c) => c.text)).toEqual(['Hi.', 'Yes.']);
  });

  it('keeps each cue under the maximum duration for a slow speaker', () => {
    const words = englishWords(
      'and so we waited and waited and waited for the bus that never came',
      0,
      200,
      900,
    );
    const out = cuesFromTranscript([{ startMs: 0, endMs: 99_999, text: '', words }]);
    expect(out.length).toBeGreaterThan(1);
    expectWellFormed(out);
  });
});

describe('cuesFromTranscript: text from the words', () => {
  it('concatenates words and normalises whitespace, punctuation kept', () => {
    const words = [
      { text: ' Hello', startMs: 0, endMs: 300 },
      { text: '  world,', startMs: 300, endMs: 600 },
      { text: ' it’s', startMs: 600, endMs: 900 },
      { text: ' me!', startMs: 900, endMs: 1200 },
    ];
    expect(cuesFromTranscript([{ startMs: 0, endMs: 1200, text: '', words }])[0]!.text).toBe(
      'Hello world, it’s me!',
    );
  });

  it('separates two segments whose words carry no space', () => {
    const out = cuesFromTranscript([
      { startMs: 0, endMs: 500, text: 'Yes.', words: [{ text: 'Yes.', startMs: 0, endMs: 500 }] },
      { startMs: 600, endMs: 900, text: 'No.', words: [{ text: 'No.', startMs: 600, endMs: 900 }] },
    ]);
    expect(out.map((c) => c.text).join('|')).toBe('Yes. No.');
  });

  it('joins bare words (no space in any word) with spaces when the segment text has them', () => {
    const words = ['Good', 'morning,', 'everyone.'].map((text, k) => ({
      text,
      startMs: k * 400,
      endMs: k * 400 + 350,
    }));
    const out = cuesFromTranscript([{ startMs: 0, endMs: 1200, text: 'Good morning, everyone.', words }]);
    expect(out[0]!.text).toBe('Good morning, everyone.');
  });

  it('treats a segment with an empty word list like one without words', () => {
    const out = cuesFromTranscript([{ startMs: 0, endMs: 2000, text: ' Thank you.', words: [] }]);
    expect(out).toEqual([{ index: 1, startMs: 0, endMs: 2000, text: 'Thank you.' }]);
  });

  it('returns nothing for nothing', () => {
    expect(cuesFromTranscript([])).toEqual([]);
    expect(cuesFromTranscript([{ startMs: 0, endMs: 1000, text: '   ' }])).toEqual([]);
    expect(
      cuesFromTranscript([
        { startMs: 0, endMs: 1000, text: '', words: [{ text: ' ', startMs: 0, endMs: 9 }] },
      ]),
    ).toEqual([]);
  });
});

describe('cuesFromTranscript: Chinese and Japanese', () => {
  const zh =
    '我昨天去了超市，买了很多东西。然后我回家做饭，吃完饭以后看了一部电影，电影非常好看，我很喜欢。你昨天用你的iPhone拍了什么照片？我们明天一起去公园散步吧，天气预报说明天是晴天。';
  const zhWords = [...zh].map((ch, k) => ({
    text: ch,
    startMs: 1000 + k * 220,
    endMs: 1000 + k * 220 + 200,
  }));
  const cues = cuesFromTranscript([
    { startMs: 1000, endMs: 1000 + zh.length * 220, text: zh, words: zhWords },
  ]);

  it('keeps lines within 21 wide characters, inserting no space', () => {
    expectWellFormed(cues);
    for (const c of cues) {
      expect(c.text).not.toMatch(/ /);
      for (const line of c.text.split('\n')) expect([...line].length).toBeLessThanOrEqual(21);
    }
    expect(cues.some((c) => c.text.includes('\n'))).toBe(true);
  });

  it('loses nothing and does not break inside a Latin word', () => {
    expect(cues.map((c) => c.text.replace(/\n/g, '')).join('')).toBe(zh);
    expect(cues.some((c) => c.text.includes('iPhone'))).toBe(true);
  });

  it('cuts at 。？ and starts no line with punctuation', () => {
    for (const c of cues) {
      expect(c.text).toMatch(/[。？，]$/);
      for (const line of c.text.split('\n')) expect(line).not.toMatch(/^[，。？]/);
    }
  });

  it('drops the space Whisper puts before a CJK segment', () => {
    const out = cuesFromTranscript([
      { startMs: 0, endMs: 500, text: '你好。', words: [{ text: '你好。', startMs: 0, endMs: 500 }] },
      { startMs: 600, endMs: 1000, text: ' 再见。', words: [{ text: ' 再见。', startMs: 600, endMs: 1000 }] },
    ]);
    expect(out.map((c) => c.text).join('')).toBe('你好。再见。');
  });

  it('spreads a segment without words over its span, character by character', () => {
    const text =
      'きょうはとてもいい天気ですね。散歩に行きましょうか。それとも家でゆっくり映画でも見ましょうか。';
    const out = cuesFromTranscript([{ startMs: 2000, endMs: 14_000, text }]);
    expectWellFormed(out);
    expect(out.length).toBeGreaterThan(1);
    expect(out.map((c) => c.text.replace(/\n/g, '')).join('')).toBe(text);
    expect(out[0]!.startMs).toBe(2000);
    expect(out[out.length - 1]!.endMs).toBeLessThanOrEqual(14_000);
    for (const c of out) expect(c.text).toMatch(/。$/);
  });
});

describe('cuesFromTranscript: a segment without words', () => {
  it('spreads an English text over the segment by character count, then cuts it like words', () => {
    const text =
      ' Hello there, my friend. How are you doing today? I have not seen you in a very long time, it is good to see you again after all these years.';
    const out = cuesFromTranscript([{ startMs: 0, endMs: 10_000, text }]);
    expectWellFormed(out);
    expect(joined(out)).toBe(norm(text));
    expect(out.length).toBeGreaterThan(1);
    expect(out[0]!.startMs).toBe(0);
    expect(out[out.length - 1]!.endMs).toBe(10_000);
    expect(out[0]!.text).toBe('Hello there, my friend.\nHow are you doing today?');
    // proportional: the first cue holds about its share of the characters
    const share = out[0]!.text.length / norm(text).length;
    expect(out[0]!.endMs / 10_000).toBeCloseTo(share, 1);
  });

  it('mixes with segments that have words', () => {
    const segs: TimedSegment[] = [
      ...segmentsOf(['This one has words.']),
      { startMs: 3000, endMs: 4500, text: ' This one does not.' },
    ];
    const out = cuesFromTranscript(segs);
    expect(out.map((c) => c.text)).toEqual(['This one has words.', 'This one does not.']);
    expect(out[1]).toMatchObject({ startMs: 3000, endMs: 4500 });
  });
});

describe('cuesFromTranscript: timing', () => {
  it('extends a short cue to the minimum duration', () => {
    const out = cuesFromTranscript([
      { startMs: 1000, endMs: 1200, text: ' Yes.', words: [{ text: ' Yes.', startMs: 1000, endMs: 1200 }] },
      { startMs: 6000, endMs: 7000, text: ' Okay then.', words: englishWords('Okay then.', 6000, 100) },
    ]);
    expect(out[0]).toMatchObject({ startMs: 1000, endMs: 1000 + 833 });
    expect(out[1]!.endMs - out[1]!.startMs).toBeGreaterThanOrEqual(833);
  });

  it('extends a short cue only up to the next cue minus the gap', () => {
    const long =
      'No, I will never ever agree to anything like that as long as I live, not in a million years.';
    const out = cuesFromTranscript([
      {
        startMs: 1000,
        endMs: 1400,
        text: ' Yes, of course.',
        words: englishWords('Yes, of course.', 1000, 25),
      },
      { startMs: 1500, endMs: 9000, text: '', words: englishWords(long, 1500) },
    ]);
    expect(out[0]!.text).toBe('Yes, of course.');
    expect(out[0]!.endMs).toBe(1500 - 83);
    expectWellFormed(out);
  });

  it('gives a fast speaker reading time from the silence after, limited by the next cue', () => {
    // ~35 characters per second, then 600 ms of silence before the next sentence
    const fast = 'Listen, we have to get out of here right now before they come back.';
    const first = englishWords(fast, 0, 25, 10);
    const end = first[first.length - 1]!.endMs;
    const second = englishWords('Where are we going?', end + 600, 60);
    const out = cuesFromTranscript([
      { startMs: 0, endMs: end, text: fast, words: first },
      { startMs: end + 600, endMs: 99_999, text: '', words: second },
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]!.text.replace(/\n/g, ' ')).toBe(fast);
    expect(readingSpeed(out[0]!.text, end)).toBeGreaterThan(17);
    expect(out[0]!.endMs).toBe(end + 600 - 83); // as far as the next cue allows
    expect(out[1]!.startMs - out[0]!.endMs).toBe(83);
  });

  it('extends a fast cue only as far as the reading speed needs', () => {
    const text = 'We have to go now.'; // 18 characters: 17 cps needs 1059 ms
    const words = englishWords(text, 0, 20, 10);
    const [cue] = cuesFromTranscript([{ startMs: 0, endMs: 500, text, words }]);
    expect(cue!.endMs).toBe(Math.ceil((18 * 1000) / 17));
    expect(readingSpeed(cue!.text, cue!.endMs - cue!.startMs)).toBeLessThanOrEqual(17);
  });

  it('shortens a cue whose words run into the next one, never below 1 ms', () => {
    const out = cuesFromTranscript([
      { startMs: 0, endMs: 1000, text: 'One.', words: [{ text: ' One.', startMs: 0, endMs: 1000 }] },
      { startMs: 950, endMs: 2000, text: 'Two.', words: [{ text: ' Two.', startMs: 950, endMs: 2000 }] },
      { startMs: 955, endMs: 3000, text: 'Three.', words: [{ text: ' Three.', startMs: 955, endMs: 3000 }] },
    ]);
    expect(out.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe('One. Two. Three.');
    expectWellFormed(out);
  });

  it('tolerates zero or negative durations and words out of order', () => {
    const words: TimedWord[] = [
      { text: ' Wait,', startMs: 500, endMs: 500 },
      { text: ' what', startMs: 900, endMs: 700 },
      { text: ' did', startMs: 800, endMs: 1000 },
      { text: ' you', startMs: Number.NaN, endMs: 1200 },
      { text: ' say?', startMs: 1300, endMs: 1250 },
    ];
    const out = cuesFromTranscript([{ startMs: 0, endMs: 2000, text: '', words }]);
    expect(out.map((c) => c.text).join(' ')).toBe('Wait, what did you say?');
    expectWellFormed(out);
    expect(out[0]!.startMs).toBe(500);
  });

  it('is deterministic and takes partial rules', () => {
    const segs = segmentsOf(STORY);
    expect(cuesFromTranscript(segs)).toEqual(cuesFromTranscript(segs));
    const rules = { ...RECUT_DEFAULTS, maxLineWidth: 32, maxLines: 1 };
    const narrow = cuesFromTranscript(segs, { maxLineWidth: 32, maxLines: 1 });
    expectWellFormed(narrow, rules);
    expect(joined(narrow)).toBe(allWords(segs));
  });
});
