import { z } from 'zod';
import { SUBTITLE_LANGUAGES } from './languages.js';
import { INPUT_RULES } from './input.js';

/**
 * Glossaries (issue 26): a user's lists of terms with the translation they must get, chosen at
 * upload (several allowed) and used by translation and re-translation. Each is owned by its user;
 * another user's id answers GLOSSARY_NOT_FOUND, as an unknown id does.
 */

/** What one user may keep; the server refuses more with the errors of voice-errors.ts. */
export const GLOSSARY_LIMITS = {
  glossariesPerUser: 50,
  entriesPerGlossary: 2000,
  nameChars: 80,
  termChars: 200,
  noteChars: 300,
  /** characters of a CSV/TSV text sent to /glossary/import */
  importChars: 1_000_000,
  /** glossaries chosen for one task */
  perTask: 5,
} as const;

/** A target language: a subtitle language, not 'auto'. */
const targetField = z.enum(SUBTITLE_LANGUAGES).refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto);

export const glossaryEntrySchema = z.object({
  /** the term as it appears in the source lines */
  source: z.string().trim().min(1).max(GLOSSARY_LIMITS.termChars),
  /** its translation; ignored (the source is kept) when `keep` */
  target: z.string().trim().max(GLOSSARY_LIMITS.termChars).default(''),
  note: z.string().trim().max(GLOSSARY_LIMITS.noteChars).default(''),
  /** keep the term as is in the translation (a brand, a name) */
  keep: z.boolean().default(false),
  /** match the source term's case exactly (default: any case) */
  caseSensitive: z.boolean().default(false),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

/** A glossary without its entries (/glossary/list). */
export const glossarySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'auto': for any source language */
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  entryCount: z.number().int(),
  /** ISO 8601 */
  updatedAt: z.string(),
});
export type GlossarySummary = z.infer<typeof glossarySummarySchema>;

export const glossarySchema = glossarySummarySchema.extend({ entries: z.array(glossaryEntrySchema) });
export type Glossary = z.infer<typeof glossarySchema>;

export const glossaryIdBody = z.object({ id: z.uuid() });

/** /glossary/save: creates (no id) or replaces (id) a glossary with these entries. */
export const saveGlossaryBody = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(GLOSSARY_LIMITS.nameChars),
  sourceLanguage: z.enum(SUBTITLE_LANGUAGES).default('auto'),
  targetLanguage: targetField,
  /** past GLOSSARY_LIMITS.entriesPerGlossary the server answers GLOSSARY_TOO_MANY_ENTRIES (with the count) */
  entries: z.array(glossaryEntrySchema),
});
export type SaveGlossaryBody = z.input<typeof saveGlossaryBody>;

export const GLOSSARY_FILE_FORMATS = ['csv', 'tsv'] as const;
export type GlossaryFileFormat = (typeof GLOSSARY_FILE_FORMATS)[number];

/**
 * The columns of an imported or exported file, in this order, with a header row: source, target,
 * note, keep, case_sensitive (keep and case_sensitive: 1/0, true/false, yes/no; only source is
 * required, missing columns take the defaults).
 */
export const GLOSSARY_FILE_COLUMNS = ['source', 'target', 'note', 'keep', 'case_sensitive'] as const;

/**
 * /glossary/import: a CSV or TSV text (read with papaparse) into a new glossary (no id: name and
 * languages required) or an existing one (id: `replace` its entries, or `merge`: a row whose source
 * term is already there updates it).
 */
export const importGlossaryBody = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(GLOSSARY_LIMITS.nameChars).optional(),
  sourceLanguage: z.enum(SUBTITLE_LANGUAGES).default('auto'),
  targetLanguage: targetField.optional(),
  format: z.enum(GLOSSARY_FILE_FORMATS),
  text: z.string().max(GLOSSARY_LIMITS.importChars),
  mode: z.enum(['replace', 'merge']).default('merge'),
});
export type ImportGlossaryBody = z.input<typeof importGlossaryBody>;

export const importedGlossarySchema = z.object({
  glossary: glossarySchema,
  /** rows taken */
  imported: z.number().int(),
  /** rows left out, with the file's row number (1 = the first row after the header) and why */
  skipped: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ImportedGlossary = z.infer<typeof importedGlossarySchema>;

/** /glossary/export: the glossary as a file download (like /task/export). */
export const exportGlossaryBody = z.object({
  id: z.uuid(),
  format: z.enum(GLOSSARY_FILE_FORMATS).default('csv'),
});
export type ExportGlossaryBody = z.input<typeof exportGlossaryBody>;
