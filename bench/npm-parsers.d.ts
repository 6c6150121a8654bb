// The npm parsers the format figures compare with that ship no types: only what the bench calls.

declare module 'ass-parser' {
  interface Descriptor {
    key?: string;
    type?: string;
    value: unknown;
  }
  /** the file's sections in order, each with its lines ("descriptors"); times stay strings */
  function parseAss(
    text: string,
    options?: { comments?: boolean },
  ): { section: string; body: Descriptor[] }[];
  export default parseAss;
}

declare module 'node-webvtt' {
  interface Parsed {
    valid: boolean;
    cues: { identifier: string; start: number; end: number; text: string; styles: string }[];
    errors: unknown[];
  }
  const webvtt: { parse(input: string, options?: { meta?: boolean; strict?: boolean }): Parsed };
  export default webvtt;
}

declare module 'webvtt-parser' {
  interface Parsed {
    cues: { id: string; startTime: number; endTime: number; text: string }[];
    errors: { message: string; line: number }[];
  }
  const module: {
    WebVTTParser: new () => { parse(input: string, mode?: 'subtitles' | 'chapters' | 'metadata'): Parsed };
  };
  export default module;
}

// imsc's entry point also loads its HTML renderer, which reads `navigator` at load: the parser alone
declare module 'imsc/src/main/js/doc.js' {
  interface ErrorHandler {
    info(msg: string): boolean | void;
    warn(msg: string): boolean | void;
    error(msg: string): boolean | void;
    fatal(msg: string): boolean | void;
  }
  interface ImscElement {
    contents?: ImscElement[];
    begin?: number;
    end?: number;
  }
  interface ImscDoc {
    body: ImscElement | null;
    getMediaTimeEvents(): number[];
  }
  const imscDoc: { fromXML(xml: string, errorHandler?: ErrorHandler): ImscDoc | null };
  export default imscDoc;
}
