import { describe, expect, it } from 'vitest';
import { parseTtml } from './ttml.js';

/** TTML files as editors, platforms and hands write them, and the cues each must give. */

const rows = (src: string) => parseTtml(src).map((c) => [c.startMs, c.endMs, c.text]);

const EXPECTED = [
  [1000, 3500, 'Good morning,\neveryone.'],
  [4000, 6000, 'We start at nine today.'],
];

/** EBU-TT-D: every element in the `tt:` namespace prefix, ticks at a declared rate */
const EBU_TT_D = `<?xml version="1.0" encoding="UTF-8"?>
<tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
  xmlns:tts="http://www.w3.org/ns/ttml#styling" ttp:timeBase="media" ttp:tickRate="10000000" xml:lang="en">
  <tt:head>
    <tt:styling><tt:style xml:id="s0" tts:fontFamily="Verdana"/></tt:styling>
    <tt:layout><tt:region xml:id="bottom" tts:origin="10% 80%" tts:extent="80% 20%"/></tt:layout>
  </tt:head>
  <tt:body>
    <tt:div style="s0">
      <tt:p xml:id="sub1" region="bottom" begin="10000000t" end="35000000t">
        <tt:span>Good morning,</tt:span><tt:br/><tt:span>everyone.</tt:span>
      </tt:p>
      <tt:p xml:id="sub2" region="bottom" begin="40000000t" end="60000000t"><tt:span>We start at nine today.</tt:span></tt:p>
    </tt:div>
  </tt:body>
</tt:tt>`;

/** an old DFXP (the 2006 ttaf1 namespace) with a DOCTYPE, frames at 25 fps and CRLF line ends */
const DFXP = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<!DOCTYPE tt PUBLIC "-//W3C//DTD TT 1.0//EN" "ttaf1-dfxp.dtd">',
  '<tt xmlns="http://www.w3.org/2006/10/ttaf1" xmlns:ttp="http://www.w3.org/2006/10/ttaf1#parameter" ttp:frameRate="25">',
  '<body><div xml:lang="en">',
  '<p begin="00:00:01:00" end="00:00:03:12">Good morning,<br />everyone.</p>',
  '<p begin="00:00:04:00" end="00:00:06:00">We start at nine today.</p>',
  '</div></body></tt>',
].join('\r\n');

/** Netflix's IMSC text profile: styles and regions in the head, ticks, a span per line */
const IMSC = `<?xml version="1.0" encoding="utf-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xmlns:tts="http://www.w3.org/ns/ttml#styling"
    xmlns:ttm="http://www.w3.org/ns/ttml#metadata" ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text"
    ttp:tickRate="10000000" xml:lang="en">
  <head>
    <metadata><ttm:title>Episode 1</ttm:title></metadata>
    <styling>
      <style xml:id="style0" tts:fontSize="100%" tts:textAlign="center"/>
      <style xml:id="style1" tts:fontStyle="italic"/>
    </styling>
    <layout><region xml:id="region0" tts:displayAlign="after"/></layout>
  </head>
  <body style="style0">
    <div>
      <p begin="10000000t" end="35000000t" region="region0"><span>Good morning,</span><br/><span>everyone.</span></p>
      <p begin="40000000t" end="60000000t" region="region0"><span style="style1">We start</span> at nine today.</p>
    </div>
  </body>
</tt>`;

describe('TTML files as they come (tolerance corpus)', () => {
  it('EBU-TT-D, namespaced with a tt: prefix throughout, ticks at a declared rate', () => {
    expect(rows(EBU_TT_D)).toEqual(EXPECTED);
  });

  it('an old DFXP with a DOCTYPE, frames and CRLF', () => {
    expect(rows(DFXP)).toEqual([
      [1000, 3480, 'Good morning,\neveryone.'],
      [4000, 6000, 'We start at nine today.'],
    ]);
  });

  it("Netflix's IMSC text profile, italics from a referenced style", () => {
    expect(rows(IMSC)).toEqual([EXPECTED[0], [4000, 6000, '<i>We start</i> at nine today.']]);
  });

  it('no namespace at all, dur instead of end, offset times in seconds', () => {
    const src =
      '<tt><body><div><p begin="1s" dur="2.5s">Good morning,<br/>everyone.</p><p begin="4.0s" dur="2000ms">We start at nine today.</p></div></body></tt>';
    expect(rows(src)).toEqual(EXPECTED);
  });

  it('a BOM, a comment before the root, CDATA for the text', () => {
    const src = `\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<tt xmlns="http://www.w3.org/ns/ttml"><body><div>
      <p begin="00:00:01.000" end="00:00:03.500"><![CDATA[Good morning,]]><br/><![CDATA[everyone.]]></p>
      <p begin="00:00:04.000" end="00:00:06.000"><![CDATA[We start at nine today.]]></p></div></body></tt>`;
    expect(rows(src)).toEqual(EXPECTED);
  });

  it('upper- and mixed-case tags and attributes from a hand edit', () => {
    const src =
      '<TT><Body><DIV><P BEGIN="1s" End="3.5s">Good morning,<BR/>everyone.</P><p begin="4s" end="6s">We start at nine today.</p></DIV></Body></TT>';
    expect(rows(src)).toEqual(EXPECTED);
  });

  it('a file cut off inside a tag: the cues before the cut', () => {
    const cut = `<tt><body><div><p begin="1s" end="3.5s">Good morning,<br/>everyone.</p>
      <p begin="4s" end="6s">We start at nine today.</p>
      <p begin="7s" end="8`;
    expect(rows(cut)).toEqual(EXPECTED);
  });

  it("a file cut off inside the last cue's text: that cue is not read", () => {
    const cut = `<tt><body><div><p begin="1s" end="3.5s">Good morning,<br/>everyone.</p>
      <p begin="4s" end="6s">We start at nine today.</p>
      <p begin="7s" end="8s">And then`;
    expect(rows(cut)).toEqual(EXPECTED);
  });

  it('a tag left open in one cue does not swallow the next ones', () => {
    const src = `<tt><body><div>
      <p begin="1s" end="3.5s"><span>Good morning,<br>everyone.</p>
      <p begin="4s" end="6s">We start at nine today.</p>
    </div></body></tt>`;
    expect(rows(src)).toEqual(EXPECTED);
  });

  it('a cue with a broken time in the middle is skipped, the others kept', () => {
    const src = `<tt><body><div>
      <p begin="1s" end="3.5s">Good morning,<br/>everyone.</p>
      <p begin="00:00:03:xx" end="00:00:04.000">broken</p>
      <p begin="4s" end="6s">We start at nine today.</p>
    </div></body></tt>`;
    expect(rows(src)).toEqual(EXPECTED);
  });

  it('times on the <div> around the cues (a file cut from a longer programme)', () => {
    const src = `<tt><body><div begin="00:10:00.000">
      <p begin="1s" end="3.5s">Good morning,<br/>everyone.</p>
      <p begin="4s" end="6s">We start at nine today.</p>
    </div></body></tt>`;
    expect(rows(src)).toEqual(
      EXPECTED.map(([s, e, t]) => [(s as number) + 600_000, (e as number) + 600_000, t]),
    );
  });
});
