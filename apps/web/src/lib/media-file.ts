import {
  AUDIO_EXTENSIONS,
  LIMITS,
  MEDIA_TYPE,
  mediaTypeOfName,
  VIDEO_EXTENSIONS,
  type MediaType,
} from '@subtrans/contract';

/** the picker offers the accepted extensions (SPEC §5) and anything the browser calls audio/video */
export const MEDIA_ACCEPT = [...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS]
  .map((e) => `.${e}`)
  .concat('video/*', 'audio/*')
  .join(',');

/** Audio or video by the name's extension, else by the browser's MIME type; null when neither. */
export function mediaTypeOfFile(file: Pick<File, 'name' | 'type'>): MediaType | null {
  const byName = mediaTypeOfName(file.name);
  if (byName) return byName;
  if (file.type.startsWith('video/')) return MEDIA_TYPE.video;
  if (file.type.startsWith('audio/')) return MEDIA_TYPE.audio;
  return null;
}

/** SPEC §5 browser checks of an audio/video file: the message key when refused. */
export function checkMediaFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
): 'notMedia' | 'tooLarge' | 'empty' | null {
  if (mediaTypeOfFile(file) === null) return 'notMedia';
  if (file.size > LIMITS.mediaMaxBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** 1.50 GB, 350.2 MB, 12 KB, 300 B */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.max(0, Math.round(bytes))} B`;
}
