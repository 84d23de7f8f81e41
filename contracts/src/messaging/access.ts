import { EventRoutes, RequestRoutes, type EventSubject, type RequestSubject } from './bus';
import { Events, healthSubject, SERVICES, streamName, Subjects, TOKEN_VERSIONS_BUCKET, type ServiceName } from './subjects';

/**
 * Who may do what on the bus. Every process (each service and the gateway) connects with a credential of its own,
 * and the NATS server lets it touch only the subjects listed here for it: it may subscribe to the request subjects
 * it serves and to replies on its own inbox prefix, publish the events it owns, request the subjects it calls, and
 * use JetStream's API for its own stream and its own consumers. The server's permissions are generated from this
 * file (`busPermissions`, written to deploy/nats/permissions.json by `npm run nats:permissions`), so a subject added
 * to the typed bus without a line here does not compile, and a permissions file not generated again fails a test.
 */

/** The processes that run the product: each service and the gateway. */
export const APP_PROCESSES = [...SERVICES, 'gateway'] as const;
/**
 * Every credential of the bus: the running processes, and the operators' tools (`operator`: dead letters listed,
 * replayed and dropped; held by people on call, never by a running process).
 */
export const BUS_PROCESSES = [...APP_PROCESSES, 'operator'] as const;
export type BusProcess = (typeof BUS_PROCESSES)[number];

/** The stream that keeps dead letters (`dlq.<durable>`: events a consumer gave up on) until an operator looks. */
export const DEAD_LETTER_STREAM = 'DLQ';
/** The subject a consumer's dead letters go to. */
export const deadLetterSubject = (durable: string) => `dlq.${durable}`;

/** The prefix of a process's reply subjects: only that process may subscribe to it (nats.js `inboxPrefix`). */
export const inboxPrefix = (process: BusProcess) => `_INBOX_${process}`;

/** The service that serves a request subject (its first token). */
export const serverOf = (subject: string): ServiceName => {
  const service = SERVICES.find((s) => subject.startsWith(`${s}.`));
  if (!service) throw new Error(`no service serves ${subject}`);
  return service;
};

const GATEWAY = ['gateway'] as const;
const EVERY_PROCESS_BUT_IDENTITY = APP_PROCESSES.filter((p) => p !== 'identity');

/**
 * The processes that may send each request subject. Only these reach its service: the subjects a payload could abuse
 * (a Google account named by the gateway, the secrets of e-mails and texts, a batch's notice) have the one caller
 * that may say them. Identity's public keys come from identity alone: no other process may subscribe to its subject.
 */
export const RequestCallers: { readonly [S in RequestSubject]: readonly BusProcess[] } = {
  [Subjects.catalog.productGet]: GATEWAY,
  [Subjects.catalog.productList]: GATEWAY,
  [Subjects.catalog.productRelated]: GATEWAY,
  [Subjects.catalog.tagGet]: GATEWAY,
  [Subjects.catalog.search]: GATEWAY,
  [Subjects.catalog.layoutGet]: GATEWAY,
  [Subjects.catalog.faqList]: GATEWAY,
  [Subjects.catalog.socialGroupList]: GATEWAY,
  [Subjects.catalog.mediaGet]: GATEWAY,
  [Subjects.catalog.sitemapGet]: GATEWAY,
  [Subjects.catalog.companyList]: GATEWAY,
  [Subjects.catalog.companyGet]: GATEWAY,
  [Subjects.catalog.companyProducts]: GATEWAY,
  [Subjects.catalog.companySupplyUpdate]: GATEWAY,
  [Subjects.catalog.companySupplyEdits]: GATEWAY,
  [Subjects.pharm.pharmList]: GATEWAY,
  [Subjects.pharm.pharmGet]: ['gateway', 'order'],
  [Subjects.pharm.slideList]: GATEWAY,
  [Subjects.pharm.pharmProductList]: GATEWAY,
  [Subjects.pharm.pharmProductGet]: GATEWAY,
  [Subjects.pharm.pharmProductRelated]: GATEWAY,
  [Subjects.pharm.comparisonList]: GATEWAY,
  [Subjects.pharm.discountList]: GATEWAY,
  [Subjects.pharm.pharmProductUpdate]: [],
  [Subjects.pharm.cartResolve]: GATEWAY,
  [Subjects.pharm.cartAlternatives]: GATEWAY,
  [Subjects.pharm.mediaGet]: GATEWAY,
  [Subjects.pharm.sitemapGet]: GATEWAY,
  [Subjects.pharm.couponGet]: ['order'],
  [Subjects.pharm.checkoutOffers]: ['order'],
  [Subjects.pharm.stockReserve]: ['order'],
  [Subjects.pharm.stockRelease]: ['order'],
  [Subjects.pharm.stockFeedSubmit]: GATEWAY,
  [Subjects.pharm.stockFeedStatus]: GATEWAY,
  [Subjects.pharm.stockFeedRejections]: GATEWAY,
  [Subjects.pharm.stockFeedPartners]: GATEWAY,
  [Subjects.pharm.stockFeedPartnerPause]: GATEWAY,
  [Subjects.pharm.companyFigures]: GATEWAY,
  [Subjects.pharm.companyMarket]: GATEWAY,
  [Subjects.pharm.companyStockHistory]: GATEWAY,
  [Subjects.pharm.companyStockReport]: GATEWAY,
  [Subjects.pharm.companyStockOuts]: GATEWAY,
  [Subjects.pharm.pricesReport]: GATEWAY,
  [Subjects.pharm.manageList]: GATEWAY,
  [Subjects.pharm.manageGet]: GATEWAY,
  [Subjects.pharm.manageOnboard]: GATEWAY,
  [Subjects.pharm.manageUpdate]: GATEWAY,
  [Subjects.order.managePharmCounts]: GATEWAY,
  [Subjects.order.manageUserCounts]: GATEWAY,
  [Subjects.identity.manageUsers]: GATEWAY,
  [Subjects.identity.manageUserGet]: GATEWAY,
  [Subjects.identity.manageUserBlock]: GATEWAY,
  [Subjects.identity.manageUserUnblock]: GATEWAY,
  [Subjects.identity.manageResendActivation]: GATEWAY,
  [Subjects.identity.manageMembers]: GATEWAY,
  [Subjects.identity.manageMemberAdd]: GATEWAY,
  [Subjects.identity.manageMemberRemove]: GATEWAY,
  [Subjects.identity.manageAudit]: GATEWAY,
  [Subjects.cart.cartGet]: ['gateway', 'order'],
  [Subjects.cart.cartStore]: GATEWAY,
  [Subjects.cart.itemAdd]: GATEWAY,
  [Subjects.cart.itemUpdate]: GATEWAY,
  [Subjects.cart.itemRemove]: GATEWAY,
  [Subjects.order.quote]: GATEWAY,
  [Subjects.order.cartQuote]: GATEWAY,
  [Subjects.order.couponValidate]: GATEWAY,
  [Subjects.order.publicKey]: GATEWAY,
  [Subjects.order.orderCreate]: GATEWAY,
  [Subjects.order.batchGet]: GATEWAY,
  [Subjects.order.userOrders]: GATEWAY,
  [Subjects.order.documentsBegin]: GATEWAY,
  [Subjects.order.documentsFinish]: ['notifications'],
  [Subjects.order.documentsAbandon]: GATEWAY,
  [Subjects.order.noticeGet]: ['notifications'],
  [Subjects.order.businessStatusUpdate]: GATEWAY,
  [Subjects.order.businessIdNumber]: GATEWAY,
  [Subjects.order.businessStats]: GATEWAY,
  [Subjects.order.businessOrders]: GATEWAY,
  [Subjects.pharm.businessGet]: GATEWAY,
  [Subjects.pharm.businessUpdate]: GATEWAY,
  [Subjects.pharm.businessHoursUpdate]: GATEWAY,
  [Subjects.pharm.businessProducts]: GATEWAY,
  [Subjects.pharm.businessProductGet]: GATEWAY,
  [Subjects.pharm.businessProductOptions]: GATEWAY,
  [Subjects.pharm.businessProductCreate]: GATEWAY,
  [Subjects.pharm.businessProductsUpdate]: GATEWAY,
  [Subjects.pharm.businessProductRemove]: GATEWAY,
  [Subjects.pharm.businessProductBump]: GATEWAY,
  [Subjects.pharm.businessProductConfirm]: GATEWAY,
  [Subjects.pharm.businessProductHistory]: GATEWAY,
  [Subjects.pharm.priceHistoryGet]: GATEWAY,
  [Subjects.pharm.alertList]: GATEWAY,
  [Subjects.pharm.alertCreate]: GATEWAY,
  [Subjects.pharm.alertDelete]: GATEWAY,
  [Subjects.pharm.alertUnsubscribe]: GATEWAY,
  [Subjects.pharm.alertNotice]: ['notifications'],
  [Subjects.pharm.businessDiscountProductOptions]: GATEWAY,
  [Subjects.pharm.businessDiscounts]: GATEWAY,
  [Subjects.pharm.businessDiscountGet]: GATEWAY,
  [Subjects.pharm.businessDiscountCreate]: GATEWAY,
  [Subjects.pharm.businessDiscountUpdate]: GATEWAY,
  [Subjects.pharm.businessDiscountRemove]: GATEWAY,
  [Subjects.pharm.businessAnnouncements]: GATEWAY,
  [Subjects.pharm.businessAnnouncementGet]: GATEWAY,
  [Subjects.pharm.businessAnnouncementCreate]: GATEWAY,
  [Subjects.pharm.businessAnnouncementUpdate]: GATEWAY,
  [Subjects.pharm.businessAnnouncementRemove]: GATEWAY,
  [Subjects.shippingQuote.businessShipments]: GATEWAY,
  [Subjects.shippingQuote.businessShipmentGet]: GATEWAY,
  [Subjects.shippingQuote.businessShipmentCreate]: GATEWAY,
  [Subjects.shippingQuote.businessShipmentUpdate]: GATEWAY,
  [Subjects.shippingQuote.businessShipmentRemove]: GATEWAY,
  [Subjects.identity.signUp]: GATEWAY,
  [Subjects.identity.activate]: GATEWAY,
  [Subjects.identity.resendActivation]: GATEWAY,
  [Subjects.identity.signIn]: GATEWAY,
  [Subjects.identity.forgotPassword]: GATEWAY,
  [Subjects.identity.resetPassword]: GATEWAY,
  [Subjects.identity.refresh]: GATEWAY,
  [Subjects.identity.signOut]: GATEWAY,
  [Subjects.identity.smsRequest]: GATEWAY,
  [Subjects.identity.smsVerify]: GATEWAY,
  [Subjects.identity.googleSignIn]: GATEWAY,
  [Subjects.identity.keysGet]: EVERY_PROCESS_BUT_IDENTITY,
  [Subjects.identity.userGet]: GATEWAY,
  [Subjects.identity.userBusinesses]: GATEWAY,
  [Subjects.identity.businessAccess]: GATEWAY,
  [Subjects.identity.userUpdate]: GATEWAY,
  [Subjects.identity.userGeo]: GATEWAY,
  [Subjects.identity.phoneFill]: GATEWAY,
  [Subjects.identity.passwordChange]: GATEWAY,
  [Subjects.identity.unsubscribe]: GATEWAY,
  [Subjects.identity.deliverySecretGet]: ['notifications'],
  [Subjects.identity.deliverySecretForget]: ['notifications'],
  [Subjects.identity.userContact]: ['notifications'],
  [Subjects.identity.addressList]: ['gateway', 'order', 'pharm'],
  [Subjects.identity.addressCreate]: GATEWAY,
  [Subjects.identity.addressUpdate]: GATEWAY,
  [Subjects.identity.addressRemove]: GATEWAY,
  [Subjects.identity.favoritesList]: GATEWAY,
  [Subjects.identity.favoriteAdd]: GATEWAY,
  [Subjects.identity.favoriteRemove]: GATEWAY,
  [Subjects.identity.prescriptionGet]: GATEWAY,
  [Subjects.identity.prescriptionSave]: GATEWAY,
  [Subjects.identity.prescriptionRemove]: GATEWAY,
  [Subjects.notifications.contactCreate]: GATEWAY,
  [Subjects.notifications.mailboxList]: GATEWAY,
  [Subjects.notifications.documentsSend]: GATEWAY,
  [Subjects.shippingQuote.locationList]: GATEWAY,
  [Subjects.shippingQuote.locationGet]: GATEWAY,
  [Subjects.shippingQuote.shipmentListByPharm]: GATEWAY,
  [Subjects.shippingQuote.addressSearch]: ['gateway', 'pharm'],
  [Subjects.shippingQuote.quote]: ['order', 'pharm'],
};

/** An event consumer of the bus: the durable's owner and the subject filter it reads (on the stream of the filter's service). */
export interface EventConsumerRoute {
  readonly by: ServiceName;
  readonly filter: string;
}

/** Every durable event consumer, by its durable name (the kit refuses to start one not listed here for its service). */
export const EventConsumerRoutes = {
  'cart-ordered-lines': { by: 'cart', filter: Events.order.batchPlaced },
  'catalog-offers': { by: 'catalog', filter: Events.pharm.offersChanged },
  'catalog-pharms': { by: 'catalog', filter: Events.pharm.pharmChanged },
  'identity-account-asks': { by: 'identity', filter: 'evt.identity.*.asked' },
  'identity-token-versions': { by: 'identity', filter: Events.identity.sessionsEnded },
  'identity-audit-pharm': { by: 'identity', filter: Events.pharm.auditRecorded },
  'identity-audit-order': { by: 'identity', filter: Events.order.auditRecorded },
  'notifications-order-emails': { by: 'notifications', filter: 'evt.order.>' },
  'notifications-account-emails': { by: 'notifications', filter: 'evt.identity.>' },
  'notifications-alerts': { by: 'notifications', filter: Events.pharm.alertDue },
  'order-orders-open': { by: 'order', filter: Events.order.batchPlaced },
  'pharm-stock-placed': { by: 'pharm', filter: Events.order.batchPlaced },
  'pharm-stock-canceled': { by: 'pharm', filter: Events.order.statusChanged },
  'pharm-products-view': { by: 'pharm', filter: Events.catalog.productChanged },
} as const satisfies Record<string, EventConsumerRoute>;
export type ConsumerName = keyof typeof EventConsumerRoutes;

/** The service whose stream carries an event subject or filter (`evt.<service>.…`). */
export const publisherOf = (subject: string): ServiceName => serverOf(subject.replace(/^evt\./, ''));

/** What one process may do on the bus (NATS user permissions). */
export interface ProcessPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it receives (publish once to each request's reply subject). */
  allowResponses: boolean;
}

const jsApi = (...parts: string[]) => `$JS.API.${parts.join('.')}`;

/** The JetStream stream behind the token versions bucket (a Key-Value bucket `b` is the stream `KV_b`). */
const TOKEN_VERSIONS_STREAM = `KV_${TOKEN_VERSIONS_BUCKET}`;

/**
 * The token versions bucket (see the kit's TokenVersions): identity alone makes it and writes it; every process
 * (identity too) only reads it, watching it with an ordered consumer (created with a random name, answered with
 * flow control) and getting one key.
 */
function tokenVersionsAccess(process: BusProcess, publish: Set<string>): void {
  if (process === 'identity') {
    for (const verb of ['INFO', 'CREATE', 'UPDATE']) publish.add(jsApi('STREAM', verb, TOKEN_VERSIONS_STREAM));
    publish.add(`$KV.${TOKEN_VERSIONS_BUCKET}.>`);
  }
  for (const verb of ['CREATE', 'INFO']) publish.add(jsApi('CONSUMER', verb, TOKEN_VERSIONS_STREAM, '>'));
  publish.add(jsApi('DIRECT', 'GET', TOKEN_VERSIONS_STREAM, '>')).add(jsApi('STREAM', 'MSG', 'GET', TOKEN_VERSIONS_STREAM));
  publish.add(`$JS.FC.${TOKEN_VERSIONS_STREAM}.>`);
}

/**
 * The operators' tools: read and delete the dead letters, and publish an event again to its own subject (a replay:
 * every consumer of the subject gets it once more, and those that handled it skip it by their inbox). Nothing else.
 */
function operatorPermissions(): ProcessPermissions {
  const publish = new Set<string>(Object.keys(EventRoutes));
  for (const api of [['STREAM', 'INFO'], ['STREAM', 'MSG', 'GET'], ['STREAM', 'MSG', 'DELETE']]) publish.add(jsApi(...api, DEAD_LETTER_STREAM));
  return { publish: [...publish].sort(), subscribe: [`${inboxPrefix('operator')}.>`], allowResponses: false };
}

/** Each process's permissions, generated from the typed bus, the callers and the consumers above. */
export function busPermissions(): Record<BusProcess, ProcessPermissions> {
  const result = {} as Record<BusProcess, ProcessPermissions>;
  result.operator = operatorPermissions();
  for (const process of APP_PROCESSES) {
    const publish = new Set<string>();
    const subscribe = new Set<string>([`${inboxPrefix(process)}.>`]);
    for (const subject of Object.keys(RequestRoutes) as RequestSubject[]) {
      if (RequestCallers[subject].includes(process)) publish.add(subject);
      if (process !== 'gateway' && serverOf(subject) === process) subscribe.add(subject);
    }
    if (process === 'gateway') {
      for (const service of SERVICES) publish.add(healthSubject(service));
    } else {
      subscribe.add(healthSubject(process));
      const own = streamName(process);
      for (const event of Object.keys(EventRoutes) as EventSubject[]) if (publisherOf(event) === process) publish.add(event);
      for (const verb of ['INFO', 'CREATE', 'UPDATE']) publish.add(jsApi('STREAM', verb, own));
      for (const [durable, route] of Object.entries(EventConsumerRoutes) as [string, EventConsumerRoute][]) {
        if (route.by !== process) continue;
        const stream = streamName(publisherOf(route.filter));
        // A consumer may make the stream it reads when its publisher has not run yet (the same configuration), never change it.
        publish.add(jsApi('STREAM', 'INFO', stream)).add(jsApi('STREAM', 'CREATE', stream));
        publish.add(jsApi('CONSUMER', 'CREATE', stream, durable)).add(jsApi('CONSUMER', 'CREATE', stream, durable, '>'));
        publish.add(jsApi('CONSUMER', 'DURABLE', 'CREATE', stream, durable)).add(jsApi('CONSUMER', 'INFO', stream, durable));
        publish.add(jsApi('CONSUMER', 'MSG', 'NEXT', stream, durable));
        publish.add(`$JS.ACK.${stream}.${durable}.>`).add(deadLetterSubject(durable));
        // Its dead letters are kept: the consumer makes the stream when it is missing, and waits for its acknowledgement.
        publish.add(jsApi('STREAM', 'INFO', DEAD_LETTER_STREAM)).add(jsApi('STREAM', 'CREATE', DEAD_LETTER_STREAM));
      }
    }
    tokenVersionsAccess(process, publish);
    result[process] = { publish: [...publish].sort(), subscribe: [...subscribe].sort(), allowResponses: process !== 'gateway' };
  }
  return result;
}
