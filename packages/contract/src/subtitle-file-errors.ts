import { def } from './error-def.js';

/**
 * Issue 37: a subtitle upload whose content is no subtitle format, each named for what it holds,
 * so the user knows which file they picked by mistake. The format is decided by content, not by
 * the name, so a transcript named `.srt` lands here too.
 */
export const SUBTITLE_FILE_ERRORS = {
  /** a file in a subtitle format with no cue in it, or empty */
  SRT_INVALID: def(
    42210,
    422,
    '字幕文件格式错误或内容为空',
    'The subtitle file format is wrong or the file is empty',
    '字幕ファイルの形式が正しくないか、内容が空です',
  ),
  SUBTITLE_PLAIN_TEXT: def(
    42230,
    422,
    '这是一份没有时间码的纯文本稿，不是字幕文件：请上传 SRT、VTT、ASS/SSA、SBV、TTML 或 MicroDVD 字幕',
    'This is a plain-text transcript with no timings, not a subtitle file: upload SRT, VTT, ASS/SSA, SBV, TTML or MicroDVD subtitles',
    'これはタイムコードのないプレーンテキストで、字幕ファイルではありません。SRT・VTT・ASS/SSA・SBV・TTML・MicroDVD の字幕をアップロードしてください',
  ),
  SUBTITLE_HTML: def(
    42231,
    422,
    '这是一个网页（HTML），不是字幕文件：请先从网页上下载字幕文件再上传',
    'This is a web page (HTML), not a subtitle file: download the subtitle file from the page and upload that',
    'これはウェブページ（HTML）で、字幕ファイルではありません。ページから字幕ファイルをダウンロードしてアップロードしてください',
  ),
  SUBTITLE_XML: def(
    42232,
    422,
    '这是一个 XML 文档，但不是 TTML/DFXP 字幕：请导出为 TTML、SRT 或 VTT 再上传',
    'This is an XML document but not TTML/DFXP subtitles: export it as TTML, SRT or VTT and upload that',
    'これは XML 文書ですが TTML/DFXP 字幕ではありません。TTML・SRT・VTT で書き出してからアップロードしてください',
  ),
  SUBTITLE_JSON: def(
    42233,
    422,
    '这是 JSON 数据，不是字幕文件：请导出为 SRT 或 VTT 再上传',
    'This is JSON data, not a subtitle file: export it as SRT or VTT and upload that',
    'これは JSON データで、字幕ファイルではありません。SRT または VTT で書き出してからアップロードしてください',
  ),
  SUBTITLE_BINARY: def(
    42234,
    422,
    '这不是文本文件（可能是音视频或其他二进制文件）：音视频请通过“音视频翻译”上传',
    'This is not a text file (perhaps audio, video or another binary file): upload audio and video through audio/video translation',
    'これはテキストファイルではありません（音声・動画などのバイナリファイルかもしれません）。音声・動画は「音声・動画の翻訳」からアップロードしてください',
  ),
} as const;

/**
 * The error for each kind of content the subtitles package's reader finds in a file that holds no
 * subtitles (its UnrecognisedContent): one map for the server's refusal and the dialog's.
 */
export const CONTENT_ERROR_KEYS = {
  empty: 'SRT_INVALID',
  'plain-text': 'SUBTITLE_PLAIN_TEXT',
  html: 'SUBTITLE_HTML',
  xml: 'SUBTITLE_XML',
  json: 'SUBTITLE_JSON',
  binary: 'SUBTITLE_BINARY',
} as const;
