import { ResolveCartDto } from '../cart';
import { GetProductRequest } from '../catalog/requests';
import { ProductListRequest } from '../storefront/requests';
import {
  EventRoutes, RequestRoutes, subjectMatches,
  type EventEnvelopeOf, type EventOf, type EventSubject, type EventSubjectsMatching, type RequestOf, type RequestSubject, type ResponseOf,
} from './bus';
import { Events, Subjects } from './subjects';

const leaves = (tree: Record<string, Record<string, string>>) => Object.values(tree).flatMap((group) => Object.values(group));

describe('the typed bus', () => {
  it('has an entry for every request subject and every event subject, and none for anything else', () => {
    expect(Object.keys(RequestRoutes).sort()).toEqual(leaves(Subjects).sort());
    expect(Object.keys(EventRoutes).sort()).toEqual(leaves(Events).sort());
  });

  it('names a DTO class for every subject that takes a payload, and a version for every event', () => {
    expect(RequestRoutes[Subjects.catalog.productGet].dto).toBe(GetProductRequest);
    expect(RequestRoutes[Subjects.catalog.productList].dto).toBe(ProductListRequest);
    expect(RequestRoutes[Subjects.pharm.cartResolve].dto).toBe(ResolveCartDto);
    expect(RequestRoutes[Subjects.catalog.layoutGet].dto).toBeNull();
    for (const route of Object.values(RequestRoutes)) expect(route.dto === null || typeof route.dto === 'function').toBe(true);
    for (const route of Object.values(EventRoutes)) expect(Number.isInteger(route.version) && route.version >= 1).toBe(true);
  });

  it('matches NATS subject filters as NATS does', () => {
    expect(subjectMatches('evt.identity.>', Events.identity.smsCodeRequested)).toBe(true);
    expect(subjectMatches('evt.identity.*.asked', Events.identity.passwordResetAsked)).toBe(true);
    expect(subjectMatches('evt.identity.*.asked', Events.identity.passwordResetRequested)).toBe(false);
    expect(subjectMatches('evt.identity.>', 'evt.identity')).toBe(false);
    expect(subjectMatches(Events.pharm.offersChanged, Events.pharm.offersChanged)).toBe(true);
    expect(subjectMatches('evt.pharm.*', Events.pharm.offersChanged)).toBe(false);
  });
});

/**
 * Compile-time checks (`tsc` of this project runs over this file): each `@ts-expect-error` line must fail to compile,
 * or the typecheck fails for an unused directive. A caller typed by the map, as the gateway's client and `rpc` are:
 */
const call = <S extends RequestSubject>(_subject: S, _data: RequestOf<S>): ResponseOf<S> | undefined => undefined;
const publish = <S extends EventSubject>(_subject: S, _data: EventOf<S>): void => undefined;

describe('the typed bus at compile time', () => {
  it('refuses a payload or an answer that does not fit its subject', () => {
    call(Subjects.catalog.productGet, { slug: 'a' });
    // @ts-expect-error: catalog.product.get takes a slug, not an id
    call(Subjects.catalog.productGet, { id: 1 });
    // @ts-expect-error: pharm.pharm-product.get's id is a number
    call(Subjects.pharm.pharmProductGet, { slug: 'a', id: '1' });
    // @ts-expect-error: a subject that takes nothing takes nothing
    call(Subjects.catalog.layoutGet, { page: 1 });
    // @ts-expect-error: not a subject of the bus
    call('catalog.product.gett', { slug: 'a' });
    const answer = call(Subjects.identity.signIn, { email: 'a@b.co', password: 'x' });
    // @ts-expect-error: sign-in answers a token, not a profile
    void answer?.firstName;
    expect(answer?.jwt).toBeUndefined();
  });

  it('refuses an event payload that does not fit its subject, and types a filter’s events', () => {
    publish(Events.pharm.offersChanged, { offers: [] });
    // @ts-expect-error: offers changed carries offers, not a pharmacy
    publish(Events.pharm.offersChanged, { pharm: { slug: 'a' }, deleted: false });
    const asked: EventSubjectsMatching<'evt.identity.*.asked'>[] = [Events.identity.smsCodeAsked, Events.identity.passwordResetAsked];
    // @ts-expect-error: a requested event is not an asked one
    asked.push(Events.identity.smsCodeRequested);
    const event = undefined as EventEnvelopeOf<typeof Events.identity.smsCodeAsked> | undefined;
    // @ts-expect-error: an asked event has no secret reference
    void event?.data.secretRef;
    expect(asked).toHaveLength(3);
  });
});
