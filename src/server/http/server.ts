import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../app-context';
import { sessionGuard } from '../auth/current-user';
import { closeSocketsAfterGrace } from './shutdown-grace';
import { authRoutes } from '../routes/api/auth';
import { healthRoutes } from '../routes/api/health';
import { capabilityRoutes } from '../routes/api/capabilities';
import { jobsRoutes } from '../routes/api/jobs';
import { meRoutes } from '../routes/api/me';
import { papersRoutes } from '../routes/api/papers';
import { memberRoutes } from '../routes/api/members';
import { invitationRoutes } from '../routes/api/invitations';
import { commentRoutes } from '../routes/api/comments';
import { draftPaperRoutes } from '../routes/api/papers/drafts';
import { structureRoutes } from '../routes/api/structure';
import { refineStructureRoutes } from '../routes/api/refine-structure';
import { paperHistoryRoutes } from '../routes/api/papers/history';
import { paperSaveAsRoutes } from '../routes/api/paper-save-as';
import { autosaveRoutes } from '../routes/api/autosave';
import { paperReferencesRoutes } from '../routes/api/papers/references';
import { searchRoutes } from '../routes/api/literature/search';
import { searchFilterRoutes } from '../routes/api/literature/search-filters';
import { worksRoutes } from '../routes/api/literature/works';
import { citationRoutes } from '../routes/api/literature/citation';
import { testSupportRoutes } from '../routes/api/test-support';
import { balanceRoutes } from '../routes/api/billing/balance';
import { paymentRoutes } from '../routes/api/billing/payments';
import { stripeWebhookRoutes } from '../routes/api/billing/stripe-webhook';
import { adminCreditRoutes } from '../routes/api/billing/admin-credit';
import { testChargeRoutes } from '../routes/api/billing/test-charge';
import { pricingRoutes } from '../routes/api/billing/pricing';
import { modelRoutes } from '../routes/api/ai/models';
import { aiWritingRoutes } from '../routes/api/ai/writing';
import { citationCheckRoutes } from '../routes/api/ai/citation-checks';
import { scaffoldedWritingRoutes } from '../routes/api/scaffolded-writing';
import { paperRewriteRoutes } from '../routes/api/paper-rewrite';
import { exportRoutes } from '../routes/api/export';
import { chatRoutes } from '../routes/api/chat';
import { chatTopicsRoutes } from '../routes/api/chat/topics';
import { conversationRoutes } from '../routes/api/conversations';
import { filesRoutes } from '../routes/api/files';
import { convertToMarkdownRoutes } from '../routes/api/files/convert-to-markdown';
import { exampleCopyRoutes, exampleRoutes } from '../routes/api/examples';
import { tourRoutes } from '../routes/api/tours';
import { dataFileRoutes } from '../routes/api/data-analysis/data-files';
import { dataAnalysisRoutes } from '../routes/api/data-analysis/analysis';
import { HttpError } from './http-error';
import { trustProxySetting, warnAboutUntrustedForwarding } from './forwarded-headers';
import { guardInput } from './input-guard';
import { serveLiveDocuments } from './live-document-upgrade';
import { originCheck } from './origin-check';
import { NARRATIVE_PREFIX, addResponseHeaders, hideSourceMaps } from './response-headers';
import { tooManyRequests } from './too-many-requests';
import { addSecurityHeaders } from './security-headers';
import { DebugRequestLogController } from './request-logging';

const CLIENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/client',
);

export interface BuildServerOptions {
  /** The built web app to serve; tests point it at a fixture. */
  clientDir?: string;
  /**
   * Settles once the services have started (migrations, queue...): the API but the health
   * check waits for it, so a request that comes while the process starts is answered late,
   * not failed. The page and its assets need none of it.
   */
  servicesStarted?: Promise<void>;
}

export async function buildServer(
  context: AppContext,
  { clientDir = CLIENT_DIR, servicesStarted = Promise.resolve() }: BuildServerOptions = {},
): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxySetting(config.trustedProxies),
    logController: new DebugRequestLogController(),
  });
  warnAboutUntrustedForwarding(app, config.trustedProxies);
  closeSocketsAfterGrace(app, config.shutdownGraceMs);
  addResponseHeaders(app);
  if (config.env === 'production') hideSourceMaps(app);

  addSecurityHeaders(app, {
    // HSTS over plain-http localhost would only confuse browsers; enable it behind https.
    hsts: config.publicUrl?.startsWith('https://') ? undefined : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // KaTeX and Mermaid write inline styles; images may be pasted as data URLs.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Limits are opted into per route (the auth routes); the rest rely on the session.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.details, error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (body too large, bad JSON, rate limit) carry safe messages.
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' });
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', originCheck(config.publicUrl));
      api.addHook('preValidation', guardInput);
      await api.register(healthRoutes, context);
      await api.register(async (startedApi) => {
        startedApi.addHook('onRequest', async () => {
          await servicesStarted;
        });
        await startedApi.register(authRoutes, context);
        // Called by Stripe, without session or Origin: its signature authenticates it.
        await startedApi.register(stripeWebhookRoutes, context);
        await startedApi.register(pricingRoutes, context);
        await startedApi.register(exampleRoutes);
        await startedApi.register(capabilityRoutes, context);
        // Everything registered in this scope needs a signed-in user: deny by default.
        await startedApi.register(async (privateApi) => {
          privateApi.addHook(
            'preHandler',
            sessionGuard(context.auth, context.sessions, config.adminEmails),
          );
          await privateApi.register(meRoutes);
          await privateApi.register(papersRoutes, context);
          await privateApi.register(memberRoutes, context);
          await privateApi.register(invitationRoutes, context);
          await privateApi.register(commentRoutes, context);
          await privateApi.register(draftPaperRoutes, context);
          await privateApi.register(structureRoutes, context);
          await privateApi.register(refineStructureRoutes, context);
          await privateApi.register(paperHistoryRoutes, context);
          await privateApi.register(paperSaveAsRoutes, context);
          await privateApi.register(autosaveRoutes, context);
          await privateApi.register(paperReferencesRoutes, context);
          await privateApi.register(searchRoutes, context);
          await privateApi.register(searchFilterRoutes, context);
          await privateApi.register(worksRoutes, context);
          await privateApi.register(citationRoutes, context);
          await privateApi.register(jobsRoutes, context);
          await privateApi.register(balanceRoutes, context);
          await privateApi.register(paymentRoutes, context);
          await privateApi.register(adminCreditRoutes, context);
          await privateApi.register(modelRoutes, context);
          await privateApi.register(aiWritingRoutes, context);
          await privateApi.register(citationCheckRoutes, context);
          await privateApi.register(scaffoldedWritingRoutes, context);
          await privateApi.register(paperRewriteRoutes, context);
          await privateApi.register(exportRoutes, context);
          await privateApi.register(chatRoutes, context);
          await privateApi.register(chatTopicsRoutes, context);
          await privateApi.register(conversationRoutes, context);
          await privateApi.register(filesRoutes, context);
          await privateApi.register(convertToMarkdownRoutes, context);
          await privateApi.register(exampleCopyRoutes, context);
          await privateApi.register(tourRoutes, context);
          await privateApi.register(dataFileRoutes, context);
          await privateApi.register(dataAnalysisRoutes, context);
          if (config.testRoutes) await privateApi.register(testSupportRoutes, context);
          if (config.testRoutes) await privateApi.register(testChargeRoutes, context);
        });
      });
    },
    { prefix: '/api' },
  );

  serveLiveDocuments(app, context, servicesStarted);

  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const notAPage = request.url.startsWith('/api/') || request.url.startsWith(NARRATIVE_PREFIX);
    if (notAPage || request.method !== 'GET' || !hasClient) {
      return reply.code(404).send({ error: 'Not found' });
    }
    // Client-side routes (/auth/signin, ...) all load the single-page app.
    return reply.sendFile('index.html');
  });

  return app;
}
