import { SubtitleParseError, normaliseText, type Cue } from './model.js';
import { ASS_EVENT_FORMAT, assEvents } from './ass-document.js';
import { textLines, type LineEnding } from './srt.js';
import { formatAssTime } from './time.js';

/**
 * ASS/SSA: the `Dialogue:` lines of [Events] with words, read in the order their `Format:` line
 * gives (the ASS order when there is none), as ass-document.ts reads them (cue k of a task made
 * from the file is its event k); `Comment:` lines, drawings, styles and other sections are skipped,
 * karaoke timing dropped, other override codes (`{\i1}`, `\h`) kept verbatim, `\N` a line break.
 */
export function parseAss(input: string): Cue[] {
  const cues = assEvents(normaliseText(input)).map((e, i): Cue => ({
    index: i + 1,
    startMs: e.startMs,
    endMs: e.endMs,
    text: e.text,
  }));
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}

export interface AssOptions {
  /** `Title:` of the [Script Info] section */
  title?: string;
  /** line ending of the file, LF by default */
  eol?: LineEnding;
}

/**
 * Writes a minimal valid ASS file: [Script Info], one `Default` style, and a `Dialogue:` line per
 * cue (times rounded to centiseconds, line breaks written as `\N`).
 */
export function serialiseAss(cues: readonly Cue[], opts: AssOptions = {}): string {
  const eol = opts.eol ?? '\n';
  const title = (opts.title ?? 'SubTrans').replace(/[\r\n]+/g, ' ');
  const header = [
    '[Script Info]',
    `Title: ${title}`,
    'ScriptType: v4.00+',
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'PlayResX: 1920',
    'PlayResY: 1080',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Arial,64,&H00FFFFFF,&H000000FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1',
    '',
    '[Events]',
    `Format: ${ASS_EVENT_FORMAT.join(', ')}`,
  ];
  let out = header.join(eol) + eol;
  for (const c of cues) {
    const text = textLines(c.text)
      .filter((l) => l.trim().length > 0)
      .join('\\N');
    out += `Dialogue: 0,${formatAssTime(c.startMs)},${formatAssTime(c.endMs)},Default,,0,0,0,,${text}${eol}`;
  }
  return out;
}
