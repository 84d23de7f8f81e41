import { Module, RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { PRESENCE_PAGE_PATTERN, SmsVerifyDto } from '@mc/contracts';
import { loadEnv } from '@mc/kit';
import { apiDocument, gatewayControllers } from '../app';
import { identityKeysProvider, JwtStrategy } from '../auth/jwt.strategy';
import { googleSignIn } from '../auth/google';
import { ServiceClients } from '../clients/clients.module';
import { GatewayEnv } from '../config';
import { FeedIntake } from '../feeds';
import { GatewayRedis } from '../redis/redis.module';
import { PageCache } from '../site/page-cache';
import { dtoSchema } from './request-bodies';

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; pattern?: string; minimum?: number; maximum?: number; items?: Schema; $ref?: string; enum?: unknown[] };
type Operation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } };

const env = loadEnv(GatewayEnv, { APP_ENV: 'test', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });

/** The routes of the controllers that read a body (`@Body()`), as the document names them: `post /api/auth/signup`. */
function routesWithBody(controllers: Type<unknown>[]): string[] {
  const routes: string[] = [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>;
      if (!Object.keys(args).some((key) => key.startsWith(`${RouteParamtypes.BODY}:`))) continue;
      const path = ['api', base, String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')].filter((p) => p && p !== '/').join('/').replace(/:(\w+)/g, '{$1}');
      routes.push(`${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase()} /${path}`);
    }
  }
  return routes;
}

describe("the OpenAPI document's request bodies", () => {
  let app: INestApplication;
  let document: OpenAPIObject;
  // The API controllers as the gateway mounts them, without NATS or Redis (the document only reads their metadata).
  const controllers = gatewayControllers(env).filter((c) => !['MailboxController', 'DevOAuthController'].includes(c.name));

  beforeAll(async () => {
    @Module({
      controllers,
      providers: [
        { provide: GatewayEnv, useValue: env }, { provide: ServiceClients, useValue: {} }, { provide: GatewayRedis, useValue: { client: {} } }, { provide: PageCache, useValue: {} },
        { provide: FeedIntake, useValue: new FeedIntake([], '', 1024) }, identityKeysProvider, JwtStrategy, ...googleSignIn(env).providers,
      ],
    })
    class DocsModule {}
    app = await NestFactory.create(DocsModule, new FastifyAdapter(), { logger: false });
    app.setGlobalPrefix('api');
    await app.init();
    document = apiDocument(app);
  });
  afterAll(() => app?.close());

  const schemaOf = (ref: string | undefined): Schema | undefined => document.components?.schemas?.[String(ref).split('/').pop()!] as Schema | undefined;
  const bodyOf = (route: string): Schema | undefined => {
    const [method, path] = route.split(' ');
    const operation = (document.paths[path] as Record<string, Operation> | undefined)?.[method];
    return operation?.requestBody?.content?.['application/json']?.schema;
  };

  it('describes the body of every route that reads one, by a schema with its fields', () => {
    const routes = routesWithBody(controllers);
    expect(routes).toEqual(expect.arrayContaining(['post /api/auth/signup', 'patch /api/user/addresses/{id}', 'put /api/user/geo', 'post /api/cart/resolve', 'post /api/contact', 'post /api/presence']));
    const missing = routes.filter((route) => Object.keys(schemaOf(bodyOf(route)?.$ref)?.properties ?? {}).length === 0);
    expect(missing).toEqual([]);
  });

  it('names every body-less POST, PUT and PATCH route (a new route with a body needs @RequestBody)', () => {
    const withoutBody = Object.entries(document.paths).flatMap(([path, item]) =>
      (['post', 'put', 'patch'] as const).filter((m) => (item as Record<string, Operation>)[m] && !bodyOf(`${m} ${path}`)).map((m) => `${m} ${path}`));
    const bodyAs = (type: string) => (route: string) => {
      const [method, path] = route.split(' ');
      return (document.paths[path] as Record<string, Operation> | undefined)?.[method]?.requestBody?.content?.[type]?.schema;
    };
    const multipart = bodyAs('multipart/form-data');
    const csv = bodyAs('text/csv');
    // The document uploads take multipart, described by their files' schema; a partner's feed is a CSV file.
    expect(withoutBody.filter((route) => !multipart(route)?.properties && !csv(route)).sort()).toEqual([
      'post /api/auth/refresh', 'post /api/auth/signout', 'post /api/business/{businessId}/orders/{orderId}/id-number',
      'post /api/business/{businessId}/products/{id}/bump', 'post /api/business/{businessId}/products/{id}/confirm',
      'post /api/businesses/{businessId}/access', 'post /api/manage/users/{id}/block', 'post /api/manage/users/{id}/resend-activation',
      'post /api/manage/users/{id}/unblock',
    ]);
    expect(withoutBody.filter((route) => multipart(route)).sort()).toEqual(['post /api/orders/batches/{uid}/documents', 'post /api/user/orders/{orderId}/documents']);
    expect(withoutBody.filter((route) => csv(route))).toEqual(['post /api/feeds/stock']);
    expect(csv('post /api/feeds/stock')).toEqual({ type: 'string', format: 'binary' });
  });

  it("gives each field the service's rules: required fields, types, patterns and ranges", () => {
    const signUp = schemaOf(bodyOf('post /api/auth/signup')?.$ref)!;
    expect(signUp.required?.sort()).toEqual(['agreeTOU', 'email', 'firstName', 'lastName', 'password']);
    expect(signUp.properties).toMatchObject({ email: { type: 'string' }, agreeTOU: { enum: [true] }, subscribe: { type: 'boolean' } });
    expect(new RegExp(signUp.properties!.email.pattern!).test('a@b.co')).toBe(true);
    expect(new RegExp(signUp.properties!.email.pattern!).test('nope')).toBe(false);

    const presence = schemaOf(bodyOf('post /api/presence')?.$ref)!;
    expect(presence.properties!.path.pattern).toBe(PRESENCE_PAGE_PATTERN.source);
    expect(presence.required?.sort()).toEqual(['path', 'visitorId']);

    const address = schemaOf(bodyOf('post /api/user/addresses')?.$ref)!;
    expect(address.properties!.floor).toMatchObject({ type: 'integer', minimum: -10, maximum: 300 });
    expect(address.required?.sort()).toEqual(['address', 'houseNumber']);

    // The bearer token travels in the header, not in the documented bodies.
    expect(Object.keys(schemaOf(bodyOf('put /api/user/geo')?.$ref)!.properties!).sort()).toEqual(['lat', 'lng']);
    expect(Object.keys(schemaOf(bodyOf('post /api/user/favorites')?.$ref)!.properties!)).toEqual(['productSlug']);
    expect(Object.keys(schemaOf(bodyOf('post /api/auth/unsubscribe')?.$ref)!.properties!).sort()).toEqual(['email', 'phone', 'sig']);
  });

  it("describes the cart's lines by their own schema", () => {
    const cart = schemaOf(bodyOf('post /api/cart/resolve')?.$ref)!;
    expect(cart.properties!.cartItems).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/CartItemDto' } });
    expect(schemaOf('CartItemDto')!.properties!.amount).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
  });

  it('reads the rules a DTO inherits from its parent', () => {
    const verify = dtoSchema(SmsVerifyDto);
    expect(Object.keys(verify.properties ?? {}).sort()).toEqual(['code', 'phone']);
    expect(verify.required?.sort()).toEqual(['code', 'phone']);
  });
});
