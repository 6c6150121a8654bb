import type { FastifyInstance } from 'fastify';
import { ok, ROUTES, type TranslationEngineName } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteRequest } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { AppError } from '../../http/errors.js';
import { EngineError } from '../../engines/translation/engine.js';
import { allowanceForBatches } from '../../engines/translation/allowance.js';
import { batchCount, translateAll } from '../../engines/translation/pipeline.js';
import { charCount } from '@subtrans/subtitles';
import { hitRateLimit } from '../accounts/rate-limit.js';
import { giveBackAllowance, spendAllowance } from '../tasks/index.js';
import { siteConfigFor } from '../../config/site-config.js';
import { assertEngineOnHost, engineOfferedOnHost } from '../site/host-rules.js';

/**
 * SPEC §7's direct translation calls, kept for API compatibility: signed in, at most 50 lines and
 * 20,000 characters, a daily call quota per user, and their characters spent from the same daily
 * budget as re-translation (RETRANSLATE_DAILY_CHARS), so they cannot replace paid tasks.
 */
export function translationRoutes(app: FastifyInstance, ctx: AppContext) {
  // a server that is stopping aborts the calls in flight instead of waiting for them
  const stopping = new AbortController();
  app.addHook('preClose', () => stopping.abort(new AppError('TRY_AGAIN')));

  async function translate(req: RouteRequest<typeof ROUTES.translate>, engineName: TranslationEngineName) {
    const user = currentUser(req);
    const body = req.body;
    assertEngineOnHost(siteConfigFor(ctx, req), engineName);
    const engine = ctx.engines.get(engineName);
    try {
      await hitRateLimit(ctx.db, `translate:day:${user.id}`, {
        limit: ctx.env.TRANSLATE_DAILY_QUOTA,
        windowSeconds: 24 * 3600,
      });
    } catch {
      throw new AppError('QUOTA_EXCEEDED');
    }
    const chars = body.texts.reduce((n, t) => n + charCount(t), 0);
    const spent = await spendAllowance(ctx, user.id, chars, 0);
    try {
      const result = await translateAll(
        engine,
        body.texts,
        { source: body.sourceLanguage ?? 'auto', target: body.targetLanguage },
        {
          batchSize: ctx.env.TRANSLATE_BATCH_SIZE,
          // issue 41: a wrong answer asked again or halved takes at most as many calls again
          allowance: allowanceForBatches(batchCount(body.texts, ctx.env.TRANSLATE_BATCH_SIZE)),
          concurrency: ctx.env.TRANSLATE_CONCURRENCY,
          retries: 3,
          retryDelayMs: 1000,
          signal: stopping.signal,
        },
      );
      // SPEC §8 keeps a line's original when the engine never gives it back; a call in which no
      // line came back is the engine failing, not a translation
      if (result.keptOriginal === body.texts.length) {
        req.log.warn({ engine: engineName, lines: body.texts.length }, 'no line came back translated');
        throw new AppError('TRANSLATION_FAILED');
      }
      return ok(result.translations);
    } catch (err) {
      // nothing was translated (the engine failed, the server is stopping): the characters go back
      await giveBackAllowance(ctx, user.id, spent, chars);
      if (err instanceof EngineError) {
        req.log.warn({ engine: engineName, kind: err.kind, reason: err.message }, 'translation failed');
        throw new AppError('TRANSLATION_FAILED');
      }
      throw err;
    }
  }

  /** The host's Google-type engine when it offers one, else the default engine. */
  route(app, ROUTES.translate, { config: { auth: 'user' } }, async (req) => {
    const googleHere = engineOfferedOnHost(siteConfigFor(ctx, req), 'google');
    const useGoogle = googleHere && ctx.engines.status(true).some((e) => e.name === 'google' && e.enabled);
    return translate(req, useGoogle ? 'google' : 'deepseek');
  });

  route(app, ROUTES.deepseekTranslate, { config: { auth: 'user' } }, async (req) =>
    translate(req, 'deepseek'),
  );

  route(app, ROUTES.translationEngines, { config: { auth: 'user' } }, async (req) =>
    ok(ctx.engines.status(siteConfigFor(ctx, req).googleTranslation)),
  );
}
