import { z } from 'zod';
import { uiLanguageSchema } from './accounts.js';

/**
 * A site profile: everything that differs between hosts. SPEC's host rules are this data, served
 * to the web by POST /site/config (public), never code branches in the web app.
 */
export const siteProfileSchema = z.object({
  /** host names this profile applies to ('*' = default) */
  hosts: z.array(z.string()).min(1),
  defaultLanguage: uiLanguageSchema.default('zh'),
  googleLogin: z.boolean().default(false),
  wechatLogin: z.boolean().default(false),
  languageSwitcher: z.boolean().default(true),
  googleTranslation: z.boolean().default(true),
  productListCall: z.enum(['/product/list', '/product/trans_list']).default('/product/list'),
  /** the payment providers' own environment (Airwallex's SDK); never turns our sandbox on */
  paymentEnv: z.enum(['demo', 'prod']).default('demo'),
  /** licence / registration notice shown in the footer, null = none */
  licenceNotice: z.string().nullable().default(null),
  /** null = service@{host}, or the fallback address on localhost / an IP */
  supportEmail: z.string().nullable().default(null),
  /** the postal address the privacy policy gives, null = "available on request" */
  postalAddress: z.string().nullable().default(null),
  /**
   * Figures the home page adds to what it can prove itself (languages, points per minute), per
   * interface language, e.g. {"en": [{"value": "50,000+", "label": "files translated"}]}.
   */
  homeStats: z
    .partialRecord(
      uiLanguageSchema,
      z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).max(6),
    )
    .default({}),
  enablePointsPurchase: z.boolean().default(true),
  includeOriginalText: z.boolean().default(false),
});
export type SiteProfile = z.infer<typeof siteProfileSchema>;

/** What /site/config answers: the profile for the caller's host, resolved. */
export const siteConfigSchema = z.object({
  host: z.string(),
  defaultLanguage: uiLanguageSchema,
  googleLogin: z.boolean(),
  wechatLogin: z.boolean(),
  /** WeChat website-app id for the QR widget (public by design), null when WeChat is off */
  wechatAppId: z.string().nullable(),
  languageSwitcher: z.boolean(),
  googleTranslation: z.boolean(),
  productListCall: z.string(),
  paymentEnv: z.enum(['demo', 'prod']),
  licenceNotice: z.string().nullable(),
  supportEmail: z.string(),
  postalAddress: z.string().nullable(),
  homeStats: z.partialRecord(uiLanguageSchema, z.array(z.object({ value: z.string(), label: z.string() }))),
  enablePointsPurchase: z.boolean(),
  includeOriginalText: z.boolean(),
  /** the public origin the site is served from, used for canonical links */
  publicOrigin: z.string(),
  /**
   * How ¥ orders are paid here: Alipay, the test-mode sandbox (only where the deployment turns it
   * on: PAYMENT_SANDBOX), or not at all (no provider configured for the channel)
   */
  alipayPayment: z.enum(['alipay', 'sandbox', 'none']),
  /** how cards are paid here: Airwallex's hosted page, the test-mode sandbox, or not at all */
  cardPayment: z.enum(['airwallex', 'sandbox', 'none']),
  /** where the browser loads Airwallex's components SDK from (null unless cardPayment is airwallex) */
  cardSdkUrl: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** SPEC §5 contact: name, a valid email, subject and message, all required. */
export const contactBody = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});
export type ContactMessage = z.infer<typeof contactBody>;
/** /contact/submit: the stored message's number */
export const contactReceiptSchema = z.object({ id: z.number().int() });
