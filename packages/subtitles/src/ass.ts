import { SubtitleParseError, normaliseText, type Cue } from './model.js';
import { textLines, type LineEnding } from './srt.js';
import { formatAssTime, parseTimestamp } from './time.js';

const DEFAULT_FORMAT = [
  'Layer',
  'Start',
  'End',
  'Style',
  'Name',
  'MarginL',
  'MarginR',
  'MarginV',
  'Effect',
  'Text',
];

/**
 * ASS/SSA: the `Dialogue:` lines of [Events], read in the order their `Format:` line gives (the
 * ASS order when there is none); `Comment:` lines, styles and other sections are skipped.
 */
export function parseAss(input: string): Cue[] {
  const lines = normaliseText(input).split('\n');
  let inEvents = false;
  let format = DEFAULT_FORMAT;
  const cues: Cue[] = [];
  for (const line of lines) {
    const section = /^\s*\[(.+)\]\s*$/.exec(line);
    if (section) {
      inEvents = section[1]!.trim().toLowerCase() === 'events';
      continue;
    }
    if (!inEvents) continue;
    const fmt = /^\s*Format\s*:(.*)$/i.exec(line);
    if (fmt) {
      format = fmt[1]!.split(',').map((f) => f.trim());
      continue;
    }
    const dialogue = /^\s*Dialogue\s*:(.*)$/i.exec(line);
    if (!dialogue) continue;
    // the last field (Text) may itself contain commas
    const parts = dialogue[1]!.split(',');
    const fields = [...parts.slice(0, format.length - 1), parts.slice(format.length - 1).join(',')];
    const get = (name: string) =>
      fields[format.findIndex((f) => f.toLowerCase() === name.toLowerCase())]?.trim();
    const startMs = parseTimestamp(get('Start') ?? '');
    const endMs = parseTimestamp(get('End') ?? '');
    if (startMs === null || endMs === null) continue;
    const textIndex = format.findIndex((f) => f.toLowerCase() === 'text');
    const raw = (textIndex >= 0 ? fields[textIndex] : '') ?? '';
    // `\N` is the hard line break; other override codes (`{\i1}`, `\h`, `\n`) stay verbatim
    const text = raw
      .split('\\N')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim().length > 0)
      .join('\n');
    cues.push({ index: cues.length + 1, startMs, endMs, text });
  }
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
    `Format: ${DEFAULT_FORMAT.join(', ')}`,
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
