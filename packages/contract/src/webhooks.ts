import { z } from 'zod';

/** Issue 39: the events a user's webhook endpoint receives (Standard Webhooks, signed). */
export const WEBHOOK_EVENTS = ['task.completed', 'task.failed', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  urlChars: 2000,
  /** deliveries the page lists, newest first */
  logSize: 50,
} as const;

export const webhookEndpointSchema = z.object({
  url: z.string(),
  /** ISO 8601: when it was set (a new secret each time) */
  createdAt: z.string(),
});

export const webhookDeliverySchema = z.object({
  /** the message id the receiver gets as `webhook-id`, the same on every try */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** the last try's HTTP status; null: it got none (see lastError) */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** when it is tried again (pending only) */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookStateSchema = z.object({
  endpoint: webhookEndpointSchema.nullable(),
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookState = z.infer<typeof webhookStateSchema>;

export const setWebhookBody = z.object({ url: z.string().trim().min(1).max(WEBHOOK_LIMITS.urlChars) });
export type SetWebhookBody = z.input<typeof setWebhookBody>;

/** The endpoint set, with the secret its events are signed with: shown in this answer only. */
export const savedWebhookSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type SavedWebhook = z.infer<typeof savedWebhookSchema>;
