import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { Module, RequestMethod, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PassportModule } from '@nestjs/passport';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Headers } from '@mc/contracts';
import { createLogger, EnvError, isDevelopment, loadEnv, PinoNestLogger, PROBES, ProcessProbes, setRequestSafe, startTracing, withCorrelationId, withTraceContext } from '@mc/kit';
import { GatewayOperations, registerHttpObservation, startRequestSpan } from './health/operations';
import type { FastifyInstance } from 'fastify';
import { AuthController, BusinessesController, UserController } from './auth/auth.controller';
import { PrescriptionController } from './auth/prescription.controller';
import { DEV_OAUTH_PATHS, googleSignIn } from './auth/google';
import { CompanyJwtStrategy, identityKeysProvider, JwtStrategy, tokenVersionsProvider } from './auth/jwt.strategy';
import { CartController } from './cart/cart.controller';
import { checkoutControllers, registerDocumentUploads } from './checkout';
import { businessControllers } from './business';
import { ClientsModule } from './clients/clients.module';
import { MailboxController } from './site/mailbox.controller';
import { RedisModule } from './redis/redis.module';
import { JsonBody } from './clients/service-client';
import { assertStartable, GatewayEnv } from './config';
import { addRequestBodySchemas } from './docs/request-bodies';
import { HealthController } from './health/health.controller';
import { ClientHeadersGuard } from './http/client-headers.guard';
import { HttpErrorFilter } from './http/http-error.filter';
import { registerClientLimits, registerConnectionLimits, serverTimeouts } from './http/client-limits';
import { correlationIdOf } from './http/correlation-id';
import { INPUT_LIMITS, registerInputLimits } from './http/input-limits';
import { trustedProxies } from './http/trusted-proxies';
import { registerNoStoreForPersonalAnswers, registerSecurityHeaders } from './http/security-headers';
import { PageCache } from './site/page-cache';
import { serveWebPages, WebApp } from './site/web-app';
import { AlertUnsubscribeController, UserAlertsController } from './alerts/alerts.controller';
import { catalogControllers } from './catalog';
import { companyControllers } from './companies';
import { feedControllers, FeedIntake, registerFeedBodies } from './feeds';
import { manageControllers } from './manage';
import { pharmControllers } from './pharms';
import { siteControllers } from './site';

/** Every controller of the gateway in this environment (the dev mailbox and the fake Google provider only where they belong). */
export function gatewayControllers(env: GatewayEnv): Type<unknown>[] {
  return [
    HealthController, ...siteControllers, ...catalogControllers, ...pharmControllers, CartController, ...checkoutControllers, ...businessControllers, ...companyControllers, ...manageControllers, ...feedControllers, AuthController, PrescriptionController, UserController, UserAlertsController, AlertUnsubscribeController, BusinessesController,
    ...googleSignIn(env).controllers, ...(isDevelopment(env) ? [MailboxController] : []),
  ];
}

function gatewayModule(env: GatewayEnv, pageCache: PageCache, feedIntake: FeedIntake, probes: ProcessProbes): DynamicModule {
  @Module({})
  class GatewayModule {}
  return {
    module: GatewayModule,
    imports: [ClientsModule.forRoot(env), RedisModule.forRoot(env), PassportModule],
    controllers: gatewayControllers(env),
    providers: [
      { provide: GatewayEnv, useValue: env }, { provide: PageCache, useValue: pageCache }, { provide: FeedIntake, useValue: feedIntake },
      { provide: PROBES, useValue: probes }, GatewayOperations, identityKeysProvider, tokenVersionsProvider, JwtStrategy, CompanyJwtStrategy,
      ...googleSignIn(env).providers,
    ],
  };
}

/** The OpenAPI document of the gateway's routes, with each request body's schema from its contracts DTO. */
export function apiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Medical-cannabis marketplace API')
      .setDescription('The public HTTP API of the gateway. Every call needs x-app-id, x-app-version and x-api-key.')
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'api-key')
      .build(),
  );
  return addRequestBodySchemas(document);
}

/**
 * Correlation id per request (the caller's when it is a UUID, else made up), on the reply and every NATS message; `//x` → `/x`;
 * an answer already serialised (`JsonBody`) is sent as it is.
 */
function registerRequestHooks(fastify: FastifyInstance): void {
  // Fastify sends a Buffer as it is (with the JSON content type already set for an object answer).
  fastify.setReplySerializer((payload) => (payload instanceof JsonBody ? (payload.bytes as unknown as string) : JSON.stringify(payload)));
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('//')) {
      void reply.redirect(request.url.replace(/^\/+/, '/'), 301);
      return;
    }
    void reply.header(Headers.correlationId, request.id);
    withTraceContext(startRequestSpan(request), () => withCorrelationId(String(request.id), () => {
      setRequestSafe(request.method === 'GET' || request.method === 'HEAD');
      done();
    }));
  });
}

/**
 * Compresses answers built in memory (API JSON, sitemap, robots, the web app's HTML) of 1 KB or more with
 * brotli (quality 4: fast) or gzip. Files of the web build are sent by the static handler from the
 * `.br`/`.gz` siblings the build writes beside them.
 */
async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Cache headers of the web build: the hashed files under `assets/` never change (a year, immutable); the
 * rest (favicon, placeholders, `meta.json`, which the app polls to notice a new deploy) is revalidated.
 */
function webCacheHeaders(webDist: string) {
  // @fastify/static passes the Fastify reply (`header`); Nest's typing still names the older `setHeader`.
  type HeaderTarget = { header?: (name: string, value: string) => unknown; setHeader?: (name: string, value: string) => unknown };
  return (reply: HeaderTarget, path: string): void => {
    const hashed = relative(webDist, path).startsWith(`assets${sep}`);
    (reply.header ?? reply.setHeader)?.call(reply, 'cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
}

/** Builds and starts the gateway; `overrides` take precedence over `process.env` (used by tests). */
export async function createGateway(overrides: NodeJS.ProcessEnv = {}): Promise<NestFastifyApplication> {
  const env = loadEnv(GatewayEnv, { ...process.env, ...overrides });
  assertStartable(env);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // The caller's x-correlation-id only when it is a UUID (correlationIdOf), else a new one.
    requestIdHeader: false,
    requestIdLogLabel: 'correlationId',
    genReqId: (request: IncomingMessage) => correlationIdOf(request.headers[Headers.correlationId]),
    bodyLimit: INPUT_LIMITS.maxBodyBytes,
    trustProxy: trustedProxies(env.TRUSTED_PROXIES),
    ...serverTimeouts(env),
  });
  const pageCache = new PageCache(env.PAGE_CACHE_MS, logger);
  const feedIntake = FeedIntake.fromEnv(env);
  try {
    // A pushed feed takes at most REQUEST_TIMEOUT_MS: anything older in the incoming folder was left by a stopped gateway.
    feedIntake.prepare(2 * env.REQUEST_TIMEOUT_MS);
  } catch (err) {
    throw new EnvError(`Invalid environment:\n  FEED_SPOOL_DIR ${feedIntake.spoolDir} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const probes = new ProcessProbes('gateway', logger);
  startTracing('gateway', env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const app = await NestFactory.create<NestFastifyApplication>(gatewayModule(env, pageCache, feedIntake, probes), adapter, { logger: new PinoNestLogger(logger) });
  app.setGlobalPrefix('api', {
    exclude: [
      ...['media/products/:file', 'media/pharms/:file', 'thumbs', 'robots.txt', 'sitemap.xml', 'dev/mailbox'].map((path) => ({ path, method: RequestMethod.GET })),
      ...DEV_OAUTH_PATHS.map((path) => ({ path, method: RequestMethod.ALL })),
    ],
  });
  app.useGlobalGuards(new ClientHeadersGuard(app.get(Reflector), env.API_KEY));
  const webDist = env.WEB_DIST && existsSync(env.WEB_DIST) ? env.WEB_DIST : '';
  app.useGlobalFilters(new HttpErrorFilter(logger));
  const fastify = app.getHttpAdapter().getInstance();
  const webApp = webDist ? new WebApp(logger, webDist, env.WEB_SSR_ENTRY, fastify, env.API_KEY, pageCache, env.APP_ENV) : undefined;
  registerRequestHooks(fastify);
  registerHttpObservation(fastify, probes);
  registerConnectionLimits(fastify, env);
  await registerClientLimits(fastify, env);
  registerInputLimits(fastify);
  await registerDocumentUploads(fastify);
  registerFeedBodies(fastify);
  await registerSecurityHeaders(fastify, { production: !isDevelopment(env), inlineScriptHashes: () => webApp?.inlineScriptHashes() ?? [] });
  registerNoStoreForPersonalAnswers(fastify);
  await registerCompression(fastify);

  SwaggerModule.setup('api/docs', app, apiDocument(app), { jsonDocumentUrl: 'api/docs/json' });

  if (webApp) {
    app.useStaticAssets({ root: webDist, prefix: '/', index: false, wildcard: false, preCompressed: true, setHeaders: webCacheHeaders(webDist) });
    serveWebPages(fastify, webApp, isDevelopment(env) ? undefined : env.EMBED_FRAME_ANCESTORS);
  } else {
    logger.warn({ webDist: env.WEB_DIST }, 'no built web app found; serving the API only');
  }
  app.enableShutdownHooks();
  await app.listen(env.PORT, env.HOST);
  probes.markReady();
  await probes.listen(env.PROBE_PORT);
  logger.info({ url: `http://localhost:${env.PORT}` }, 'gateway ready');
  return app;
}
