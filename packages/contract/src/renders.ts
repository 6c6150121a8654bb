import { z } from 'zod';

/**
 * Issue 40 §1: a task's lines burned into its video (or, for audio, over its waveform), rendered by
 * a job, paid per started minute, stored and downloaded like the other results.
 */
export const RENDER_LIMITS = {
  /** the text's height, as a percentage of the picture's height */
  minSize: 3,
  maxSize: 10,
  defaultSize: 5.5,
  /** the shorter side of the output: the source's up to 1080, or 720 for speed */
  maxShortSide: 1080,
  fastShortSide: 720,
} as const;

export const RENDER_FONTS = ['sans', 'serif'] as const;
export const RENDER_BACKGROUNDS = ['outline', 'box'] as const;
export const RENDER_POSITIONS = ['bottom', 'top'] as const;
export const RENDER_RESOLUTIONS = ['source', '720p'] as const;
export type RenderResolution = (typeof RENDER_RESOLUTIONS)[number];

/** How the lines look in the picture. */
export const renderStyleSchema = z.object({
  /** a sans or serif face (Noto CJK for Chinese, Japanese and Korean, Liberation otherwise) */
  font: z.enum(RENDER_FONTS).default('sans'),
  /** the text's height as a percentage of the picture's height */
  size: z.number().min(RENDER_LIMITS.minSize).max(RENDER_LIMITS.maxSize).default(RENDER_LIMITS.defaultSize),
  /** the text's colour, `#rrggbb` */
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#ffffff'),
  /** a dark outline around the letters, or a dark box behind the line */
  background: z.enum(RENDER_BACKGROUNDS).default('outline'),
  position: z.enum(RENDER_POSITIONS).default('bottom'),
  /** the original line too, smaller, above the translation */
  bilingual: z.boolean().default(false),
});
export type RenderStyle = z.output<typeof renderStyleSchema>;
export type RenderStyleInput = z.input<typeof renderStyleSchema>;
export const DEFAULT_RENDER_STYLE: RenderStyle = renderStyleSchema.parse({});

/** /task/render: starts rendering the task's video with its lines (points held). */
export const startRenderBody = z.object({
  id: z.uuid(),
  style: renderStyleSchema.default(DEFAULT_RENDER_STYLE),
  resolution: z.enum(RENDER_RESOLUTIONS).default('source'),
});
export type StartRenderBody = z.input<typeof startRenderBody>;

/** /task/render_preview: one frame at a line, in the style asked, before anything is paid. */
export const renderPreviewBody = startRenderBody.extend({
  /** the line shown (its middle); none: the first line */
  segmentId: z.number().int().min(1).optional(),
});
export type RenderPreviewBody = z.input<typeof renderPreviewBody>;

export const renderPreviewSchema = z.object({
  /** a JPEG as a data: URL */
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** the moment of the frame (ms) */
  atMs: z.number().int(),
});
export type RenderPreview = z.infer<typeof renderPreviewSchema>;

export const RENDER_STATUSES = ['queued', 'rendering', 'completed', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export const renderSchema = z.object({
  id: z.string(),
  status: z.enum(RENDER_STATUSES),
  /** 0–1 */
  progress: z.number(),
  style: renderStyleSchema,
  resolution: z.enum(RENDER_RESOLUTIONS),
  /** the points held (queued, rendering), charged (completed) or given back (failed) */
  points: z.number().int(),
  /** the output's size, once completed */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** why it failed, in the caller's language */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Render = z.infer<typeof renderSchema>;

export const RENDER_UNAVAILABLE = ['no-media', 'not-completed'] as const;

/** /task/render_state: whether the task can be rendered, what it costs, and its latest render. */
export const renderStateSchema = z.object({
  /** null: it can be rendered; else why not */
  unavailable: z.enum(RENDER_UNAVAILABLE).nullable(),
  /** false: audio only, rendered over its waveform */
  hasVideo: z.boolean(),
  durationMs: z.number().int(),
  pointsPerMinute: z.number().int(),
  /** what a render of this task costs: pointsPerMinute × started minutes */
  points: z.number().int(),
  /** the latest render, if any */
  render: renderSchema.nullable(),
});
export type RenderState = z.infer<typeof renderStateSchema>;

/** /task/render_download: a URL that downloads the latest completed render. */
export const renderDownloadSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
});
export type RenderDownload = z.infer<typeof renderDownloadSchema>;

/** Points for rendering `durationMs` at `perMinute` a started minute. */
export const renderPoints = (durationMs: number, perMinute: number): number =>
  Math.max(1, Math.ceil(Math.max(0, durationMs) / 60_000)) * perMinute;
