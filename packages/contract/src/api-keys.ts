import { z } from 'zod';
import { withoutControlCharacters } from './input.js';

/** Issue 39: API keys, for scripts and the command line (`Authorization: Bearer stk_…`). */
export const API_KEYS = {
  /** keys one user may hold at once */
  perUser: 10,
  nameChars: 60,
  /** every key starts so: a leaked one is recognisable (secret scanners), a session token never is */
  tokenPrefix: 'stk_',
  /** characters after the prefix: 30 random bytes in base64url */
  secretChars: 40,
  /** the part of a key shown in the list, the prefix included */
  shownChars: 12,
} as const;

/**
 * What a key may do: `read` the calls that change nothing; `translate` also the calls that
 * create, start, edit or delete work. No key makes account, key or payment calls.
 */
export const API_KEY_SCOPES = ['read', 'translate'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const KEY_PATTERN = new RegExp(`^${API_KEYS.tokenPrefix}[A-Za-z0-9_-]{${API_KEYS.secretChars}}$`);

/** Whether a bearer token is an API key (a session token is 43 characters of base64url). */
export function isApiKeyToken(token: string): boolean {
  return KEY_PATTERN.test(token);
}

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the key's first characters (`stk_` and 8 more), to tell it from the others */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** ISO 8601 */
  createdAt: z.string(),
  /** ISO 8601, to the minute; null: never used */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBody = z.object({
  name: z
    .string()
    .transform((s) => withoutControlCharacters(s).trim())
    .pipe(z.string().min(1).max(API_KEYS.nameChars)),
  scope: z.enum(API_KEY_SCOPES),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** A new key: the whole secret is in this answer only; the server keeps its hash. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdBody = z.object({ id: z.number().int().positive() });
