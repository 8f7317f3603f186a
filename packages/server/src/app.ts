import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { authorization } from './http/plugins/access.ts';
import { authentication } from './http/plugins/auth.ts';
import { registerErrorHandler } from './http/plugins/error-handler.ts';
import { onClientError, onFrameworkError, rejectOverlongUrls } from './http/plugins/framework-errors.ts';
import { QuietReadsLogController } from './http/plugins/request-logging.ts';
import { serveWebApp } from './http/plugins/web-app.ts';
import { assertRoutesMatchTable, collectRoutes, createRouter } from './http/router.ts';
import { actionItemRoutes } from './http/routes/action-items.ts';
import { adminRoutes } from './http/routes/admin.ts';
import { apiTokenRoutes } from './http/routes/api-tokens.ts';
import { askRoutes } from './http/routes/ask.ts';
import { audioRoutes } from './http/routes/audio.ts';
import { authRoutes, sessionRoutes } from './http/routes/auth.ts';
import { exportRoutes } from './http/routes/exports.ts';
import { healthRoutes } from './http/routes/health.ts';
import { meetingRoutes } from './http/routes/meetings.ts';
import { memberRoutes } from './http/routes/members.ts';
import { oidcRoutes } from './http/routes/oidc.ts';
import { peopleRoutes } from './http/routes/people.ts';
import { projectRoutes } from './http/routes/projects.ts';
import { acceptRawAudio, recordingRoutes } from './http/routes/recordings.ts';
import { searchRoutes } from './http/routes/search.ts';
import { sharedRoutes, shareRoutes } from './http/routes/shares.ts';
import { speakerSuggestionRoutes } from './http/routes/speaker-suggestions.ts';
import { summaryRoutes } from './http/routes/summary.ts';
import { summaryTemplateRoutes } from './http/routes/summary-templates.ts';
import { transcriptionRoutes } from './http/routes/transcriptions.ts';
import { userRoutes } from './http/routes/users.ts';
import { webhookRoutes } from './http/routes/webhooks.ts';
import { newId } from './lib/ids.ts';

/**
 * Secrets that travel in URLs stay out of the logs: signed audio URLs' `token` query parameter, and the
 * token of a share link, in the path of its page (`/s/{token}`) and of its API (`/api/shared/{token}/...`).
 */
export function redactUrl(url: string): string {
  return url.replace(/^(\/api\/shared\/|\/s\/)[^/?#]+/, '$1[redacted]').replace(/([?&]token=)[^&]*/g, '$1[redacted]');
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

/** Builds the HTTP server around an existing context. Listening is the caller's job. */
export async function buildApp(ctx: AppContext, logger?: FastifyBaseLogger) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(ctx.config.logLevel) }),
    // A client's own request id is kept for tracing when it looks like one; anything else gets ours.
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && /^[\w.:-]{1,128}$/.test(sent) ? sent : newId();
    },
    // A hop count, not `true` (every hop) and not Fastify's number (which it now refuses to trust at all):
    // the last `trustProxyHops` addresses are our proxies', the one before them is the client (decision 295).
    trustProxy: ctx.config.trustProxyHops > 0 ? (_address, hop) => hop < ctx.config.trustProxyHops : false,
    bodyLimit: 1024 * 1024,
    // Upload routes parse their own (multipart) bodies; everything else is JSON.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
    logController: new QuietReadsLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  const registered = collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', rejectOverlongUrls);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        // Self-hosted servers are often reached over plain HTTP on a LAN: don't force HTTPS.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyMultipart);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Parley API', version: '0.1.0', description: 'Meetings, transcripts, projects and people.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'session token or personal access token (pat_...)' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Every /api and /auth route comes from the contract's table (docs/decisions/110-route-table.md).
  const router = createRouter(
    app,
    authentication(app, ctx.services),
    authorization(app, ctx.services.access),
    ctx.heavy,
  );
  healthRoutes(router, ctx);
  authRoutes(router, ctx);
  oidcRoutes(router, ctx);
  audioRoutes(router, ctx);
  sharedRoutes(router, ctx);
  userRoutes(router, ctx);
  sessionRoutes(router, ctx);
  apiTokenRoutes(router, ctx);
  webhookRoutes(router, ctx);
  shareRoutes(router, ctx);
  projectRoutes(router, ctx);
  peopleRoutes(router, ctx);
  meetingRoutes(router, ctx);
  transcriptionRoutes(router, ctx);
  speakerSuggestionRoutes(router, ctx);
  searchRoutes(router, ctx);
  summaryRoutes(router, ctx);
  summaryTemplateRoutes(router, ctx);
  askRoutes(router, ctx);
  actionItemRoutes(router, ctx);
  memberRoutes(router, ctx);
  adminRoutes(router, ctx);
  exportRoutes(router, ctx);
  acceptRawAudio(app);
  recordingRoutes(router, ctx);

  await serveWebApp(app, ctx.config.webDistDir);
  assertRoutesMatchTable(registered);
  return app;
}
