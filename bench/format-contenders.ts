/**
 * The parsers the format figures time, per format: ours (`readSubtitles`, which sniffs the format
 * as an upload is read) and every npm parser of that format that reads the bench's file. Each does
 * the whole job from UTF-8 bytes: ours through decodeSubtitleBytes (the server's path: encoding
 * detection, BOM), the libraries after `new TextDecoder().decode` (which drops the BOM).
 *
 * Not among them: `subtitle` (WebVTT) throws on the file's STYLE block; `ass-stringify` writes
 * only; no npm package but imsc parses TTML (ttml2srt converts to SRT text with a DOM).
 */
import type { ParsedASS } from 'ass-compiler';
import { parse as assCompilerParse } from 'ass-compiler';
import assParser from 'ass-parser';
import imscDoc from 'imsc/src/main/js/doc.js';
import nodeWebvtt from 'node-webvtt';
import subsrt from 'subsrt-ts';
import webvttParser from 'webvtt-parser';
import { decodeSubtitleBytes, readSubtitles } from '@subtrans/subtitles';
import type { FormatFile } from './format-files.js';

export interface FormatContender<T> {
  name: string;
  parse: (bytes: Uint8Array) => T;
  /** the cues (events, `<p>`s) the parse found */
  count: (parsed: T) => number;
}

export const OURS = 'ours (@subtrans/subtitles)';

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function ours(format: FormatFile['format']): FormatContender<ReturnType<typeof readSubtitles>> {
  return {
    name: OURS,
    parse: (bytes) => {
      const read = readSubtitles(decodeSubtitleBytes(bytes).text);
      if (read.format !== format) throw new Error(`read as ${read.format}, not ${format}`);
      return read;
    },
    count: (read) => read.cues.length,
  };
}

function subsrtOf(format: string, fps?: number): FormatContender<ReturnType<typeof subsrt.parse>> {
  // `fps` is an option of its MicroDVD reader that its ParseOptions type leaves out
  const options = { format, ...(fps ? { fps } : {}) };
  return {
    name: 'subsrt-ts',
    parse: (bytes) => subsrt.parse(utf8(bytes), options),
    count: (captions) => captions.filter((c) => c.type === 'caption').length,
  };
}

const nodeWebvttLib: FormatContender<ReturnType<typeof nodeWebvtt.parse>> = {
  name: 'node-webvtt',
  // meta: header lines after WEBVTT are allowed; not strict: a STYLE block is an error it skips
  parse: (bytes) => nodeWebvtt.parse(utf8(bytes), { meta: true, strict: false }),
  count: (parsed) => parsed.cues.length,
};

const webvttParserLib: FormatContender<ReturnType<InstanceType<typeof webvttParser.WebVTTParser>['parse']>> =
  {
    name: 'webvtt-parser',
    parse: (bytes) => new webvttParser.WebVTTParser().parse(utf8(bytes), 'subtitles'),
    count: (parsed) => parsed.cues.length,
  };

const assCompilerLib: FormatContender<ParsedASS> = {
  name: 'ass-compiler',
  parse: (bytes) => assCompilerParse(utf8(bytes)),
  count: (parsed) => parsed.events.dialogue.length,
};

const assParserLib: FormatContender<ReturnType<typeof assParser>> = {
  name: 'ass-parser',
  parse: (bytes) => assParser(utf8(bytes)),
  count: (sections) =>
    sections.find((s) => s.section === 'Events')?.body.filter((d) => d.key === 'Dialogue').length ?? 0,
};

/** imsc stops at the first error it reports as such (a fatal one it throws itself) */
const IMSC_ERRORS = {
  info: () => false,
  warn: () => false,
  error: (msg: string) => {
    throw new Error(msg);
  },
  fatal: (msg: string) => {
    throw new Error(msg);
  },
};

const imscLib: FormatContender<ReturnType<typeof imscDoc.fromXML>> = {
  name: 'imsc',
  parse: (bytes) => imscDoc.fromXML(utf8(bytes), IMSC_ERRORS),
  // the file's one <div> holds every <p>
  count: (doc) => doc?.body?.contents?.[0]?.contents?.length ?? 0,
};

export const FORMAT_CONTENDERS: Record<FormatFile['format'], FormatContender<unknown>[]> = {
  vtt: [subsrtOf('vtt'), nodeWebvttLib, webvttParserLib, ours('vtt')],
  ass: [subsrtOf('ass'), assCompilerLib, assParserLib, ours('ass')],
  sbv: [subsrtOf('sbv'), ours('sbv')],
  ttml: [imscLib, ours('ttml')],
  microdvd: [subsrtOf('sub', 23.976), ours('microdvd')],
} as Record<FormatFile['format'], FormatContender<unknown>[]>;
