import type { FastifyInstance } from 'fastify';
import { ok, PUBLIC_PAGES, ROUTES, UI_LANGUAGES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { siteConfigFor } from '../../config/site-config.js';
import { submitContact } from './contact.service.js';
import { pingDatabase } from './health.repository.js';

export function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.siteConfig, {}, async (req) => ok(siteConfigFor(ctx, req)));

  route(app, ROUTES.contactSubmit, { config: { auth: 'optional' } }, async (req) => {
    const site = siteConfigFor(ctx, req);
    const answer = await submitContact(ctx, {
      ...req.body,
      host: site.host,
      language: req.lang,
      ip: req.ip,
      userId: req.auth?.user.id ?? null,
      supportEmail: site.supportEmail,
    });
    return ok(answer);
  });

  // for search engines: every public page in each language, and where the sitemap is
  app.get('/sitemap.xml', async (_req, reply) => {
    const origin = ctx.publicOrigin;
    const urls = PUBLIC_PAGES.map((page) => {
      const alternates = UI_LANGUAGES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${origin}${page}?lang=${l}"/>`,
      ).join('');
      return `<url><loc>${origin}${page}</loc>${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${page}"/></url>`;
    });
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nDisallow: /dashboard\nDisallow: /edit/\nDisallow: /assets\nDisallow: /sandbox/\nDisallow: /review\nAllow: /\n\nSitemap: ${ctx.publicOrigin}/sitemap.xml\n`,
      ),
  );

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { status: 'ready', database: ctx.db.kind };
    } catch {
      return reply.status(503).send({ status: 'not ready' });
    }
  });
}
