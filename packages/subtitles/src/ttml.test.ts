import { describe, expect, it } from 'vitest';
import { SubtitleParseError } from './model.js';
import { parseTtml } from './ttml.js';

const rows = (src: string) => parseTtml(src).map((c) => [c.startMs, c.endMs, c.text]);
const doc = (body: string, root = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xmlns:tts="http://www.w3.org/ns/ttml#styling"${root}>\n<body><div>\n${body}\n</div></body></tt>`;

const EXPORTED = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by an editing suite -->
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
  <body>
    <div>
      <p begin="00:00:01.000" end="00:00:03.500">Good morning,<br/>everyone.</p>
      <p begin="4s" dur="2s"><span tts:fontStyle="italic">We start</span> at nine today.</p>
    </div>
  </body>
</tt>
`;

describe('TTML text', () => {
  it('reads each <p> as a cue: begin with end or dur, <br/> a line break, spans in order', () => {
    expect(parseTtml(EXPORTED)).toEqual([
      { index: 1, startMs: 1000, endMs: 3500, text: 'Good morning,\neveryone.' },
      { index: 2, startMs: 4000, endMs: 6000, text: '<i>We start</i> at nine today.' },
    ]);
  });

  it('collapses whitespace as XML does: indentation and line feeds in the markup are no line breaks', () => {
    const src = doc(`<p begin="1s" end="2s">
        Good   morning,
        <span>dear</span>
        <span>friends</span> <br />
        welcome.
      </p>`);
    expect(rows(src)).toEqual([[1000, 2000, 'Good morning, dear friends\nwelcome.']]);
  });

  it('keeps line feeds as line breaks under xml:space="preserve"', () => {
    const src = doc('<p begin="1s" end="2s" xml:space="preserve">one\n  two  </p>');
    expect(rows(src)).toEqual([[1000, 2000, 'one\ntwo']]);
  });

  it('decodes entities and character references; CDATA is text as written', () => {
    const src = doc(
      '<p begin="1s" end="2s">Tom &amp; Jerry &lt;3 caf&#233; &#x263A;&nbsp;&quot;hi&apos; &unknown;</p>' +
        '<p begin="2s" end="3s"><![CDATA[a & b <c> &amp;]]> d</p>',
    );
    expect(rows(src)).toEqual([
      [1000, 2000, 'Tom & Jerry <3 café ☺\u00a0"hi\' &unknown;'],
      [2000, 3000, 'a & b <c> &amp; d'],
    ]);
  });

  it('marks italic, bold and underlined text from inline attributes and referenced styles', () => {
    const src = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
      <head><styling>
        <style xml:id="base" tts:fontWeight="bold"/>
        <style xml:id="it" style="base" tts:fontStyle="italic"/>
      </styling></head>
      <body><div>
        <p begin="1s" end="2s" style="it">Off screen<br/>voice</p>
        <p begin="2s" end="3s">a <span tts:textDecoration="underline">b</span> <span style="base" tts:fontWeight="normal">c</span></p>
      </div></body></tt>`;
    expect(rows(src)).toEqual([
      [1000, 2000, '<i><b>Off screen</b></i>\n<i><b>voice</b></i>'],
      [2000, 3000, 'a <u>b</u> c'],
    ]);
  });

  it('shows no metadata, and drops empty <p>s (screen clears) and blank lines', () => {
    const src = doc(
      '<p begin="1s" end="2s"><metadata><ttm:desc xmlns:ttm="x">speaker</ttm:desc></metadata>Hi<br/><br/>there</p>' +
        '<p begin="2s" end="3s"/><p begin="3s" end="4s">   </p>',
    );
    expect(rows(src)).toEqual([[1000, 2000, 'Hi\nthere']]);
  });
});

describe('TTML times', () => {
  it('ticks at ttp:tickRate and frames at ttp:frameRate from the root', () => {
    expect(rows(doc('<p begin="10000000t" end="25000000t">x</p>', ' ttp:tickRate="10000000"'))).toEqual([
      [1000, 2500, 'x'],
    ]);
    expect(rows(doc('<p begin="00:00:01:12" end="00:00:02:00">x</p>', ' ttp:frameRate="25"'))).toEqual([
      [1480, 2000, 'x'],
    ]);
    expect(rows(doc('<p begin="25f" end="50f">x</p>', ' ttp:frameRate="25"'))).toEqual([[1000, 2000, 'x']]);
  });

  it("offsets a <p>'s times by the begin of its <div> and <body>, and clips them at their end", () => {
    const src = `<tt xmlns="http://www.w3.org/ns/ttml"><body begin="10s">
      <div begin="00:01:00.000" end="00:01:05.000">
        <p begin="1s" end="2s">offset</p>
        <p begin="4s" end="9s">clipped</p>
        <p begin="6s" end="7s">after its div</p>
        <p>the div's times</p>
      </div>
      <div><p begin="0s" dur="1.5s">body only</p></div>
    </body></tt>`;
    expect(rows(src)).toEqual([
      [71_000, 72_000, 'offset'],
      [74_000, 75_000, 'clipped'],
      [70_000, 75_000, "the div's times"],
      [10_000, 11_500, 'body only'],
    ]);
  });

  it("takes a <p>'s times from its spans when it has none (word-timed captions)", () => {
    const src = doc('<p><span begin="1s" end="1.5s">one</span> <span begin="1.5s" end="2.2s">two</span></p>');
    expect(rows(src)).toEqual([[1000, 2200, 'one two']]);
  });

  it('skips a <p> without an end or with a malformed time, keeping the others', () => {
    const src = doc(
      '<p begin="1s">no end</p><p begin="soon" end="2s">bad begin</p><p begin="1s" end="00:61:00">bad end</p><p begin="3s" end="4s">kept</p>',
    );
    expect(rows(src)).toEqual([[3000, 4000, 'kept']]);
  });
});

describe('TTML that is not what it should be', () => {
  it('throws SubtitleParseError for another root element, for no XML at all and without a cue', () => {
    expect(() => parseTtml('<html><body><p begin="1s" end="2s">x</p></body></html>')).toThrow(
      SubtitleParseError,
    );
    expect(() => parseTtml('just words')).toThrow(SubtitleParseError);
    expect(() => parseTtml(doc('<p begin="1s">no end</p>'))).toThrow(SubtitleParseError);
    expect(() => parseTtml('<tt><body><div><p begin="1s" end="2')).toThrow(SubtitleParseError);
  });

  it("does not expand a DOCTYPE's entities: a billion laughs stays a few bytes, quickly", () => {
    const lols = Array.from({ length: 9 }, (_, i) => {
      const prev = i === 0 ? 'lol' : `&lol${i};`;
      return `<!ENTITY lol${i + 1} "${prev.repeat(10)}">`;
    }).join('\n');
    const src = `<?xml version="1.0"?>\n<!DOCTYPE tt [\n<!ENTITY lol "lol">\n${lols}\n]>\n<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">&lol9;</p></div></body></tt>`;
    const started = performance.now();
    expect(rows(src)).toEqual([[1000, 2000, '&lol9;']]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never reads an external entity: a DOCTYPE that declares one is refused', () => {
    const src = `<?xml version="1.0"?><!DOCTYPE tt [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><tt><body><p begin="1s" end="2s">&xxe;</p></body></tt>`;
    expect(() => parseTtml(src)).toThrow(SubtitleParseError);
    // a DOCTYPE naming an external DTD is only skipped
    const dtd = `<?xml version="1.0"?><!DOCTYPE tt PUBLIC "-//W3C//DTD TT 1.0//EN" "ttaf1-dfxp.dtd"><tt><body><p begin="1s" end="2s">x</p></body></tt>`;
    expect(rows(dtd)).toEqual([[1000, 2000, 'x']]);
  });

  it('survives nesting deeper than any subtitle file has', () => {
    const deep = `<tt><body>${'<div>'.repeat(500)}<p begin="1s" end="2s">x</p>${'</div>'.repeat(500)}</body></tt>`;
    let outcome: unknown;
    try {
      outcome = rows(deep);
    } catch (e) {
      outcome = e;
    }
    expect(outcome instanceof SubtitleParseError || Array.isArray(outcome)).toBe(true);
  });
});

describe('where a TTML cue is shown, and its colours (issue 37)', () => {
  const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
  <head>
    <styling>
      <style xml:id="s_top" tts:displayAlign="before"/>
      <style xml:id="s_white" tts:color="white"/>
      <style xml:id="s_yellow" tts:color="#FFFF00FF"/>
    </styling>
    <layout>
      <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="before"/>
      <region xml:id="bottom" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="after"/>
      <region xml:id="band" tts:origin="0% 5%" tts:extent="100% 20%"/>
      <region xml:id="styled" style="s_top" tts:textAlign="start"/>
      <region xml:id="middle" tts:displayAlign="center"/>
    </layout>
  </head>
  <body region="bottom"><div>${body}</div></body>
</tt>`;
  const texts = (body: string) => parseTtml(doc(body)).map((c) => c.text);

  it('reads a region aligned before, or in the upper part of the picture, as {\\an8}', () => {
    expect(
      texts(`
      <p begin="1s" end="2s" region="top">Sign</p>
      <p begin="3s" end="4s">Speech</p>
      <p begin="5s" end="6s" region="band">Band</p>
      <p begin="7s" end="8s" region="styled">Left</p>
      <p begin="9s" end="10s" tts:displayAlign="before">Own</p>`),
    ).toEqual(['{\\an8}Sign', 'Speech', '{\\an8}Band', '{\\an7}Left', '{\\an8}Own']);
  });

  it('reads the middle and the bottom corners as {\\an4}–{\\an6}, {\\an1} and {\\an3}', () => {
    expect(
      texts(`
      <p begin="1s" end="2s" region="middle">Centre</p>
      <p begin="3s" end="4s" region="middle" tts:textAlign="end">Middle right</p>
      <p begin="5s" end="6s" tts:textAlign="left">Bottom left</p>
      <p begin="7s" end="8s" tts:textAlign="right">Bottom right</p>`),
    ).toEqual(['{\\an5}Centre', '{\\an6}Middle right', '{\\an1}Bottom left', '{\\an3}Bottom right']);
  });

  it('reads colours other than white as <font color>, from styles and spans', () => {
    expect(
      texts(`
      <p begin="1s" end="2s" style="s_yellow">Whole line</p>
      <p begin="3s" end="4s" style="s_white">Plain <span tts:color="rgb(255,136,0)">orange</span> and <span tts:color="cyan"><span tts:fontStyle="italic">cyan</span></span></p>
      <p begin="5s" end="6s" style="s_yellow">Back to <span style="s_white">white</span><br/>yellow</p>`),
    ).toEqual([
      '<font color="#ffff00">Whole line</font>',
      'Plain <font color="#ff8800">orange</font> and <font color="#00ffff"><i>cyan</i></font>',
      '<font color="#ffff00">Back to </font>white\n<font color="#ffff00">yellow</font>',
    ]);
  });
});
