/** Every service of the system; each owns one PostgreSQL schema, one NATS queue group and one JetStream stream. */
export const SERVICES = ['catalog', 'pharm', 'cart', 'order', 'shipping-quote', 'identity', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Request subjects: `<service>.<entity>.<verb>`. */
export const healthSubject = (service: ServiceName) => `${service}.health`;

export const Subjects = {
  catalog: {
    productGet: 'catalog.product.get',
    productList: 'catalog.product.list',
    productRelated: 'catalog.product.related',
    tagGet: 'catalog.tag.get',
    search: 'catalog.search.suggest',
    layoutGet: 'catalog.layout.get',
    faqList: 'catalog.faq.list',
    socialGroupList: 'catalog.social-group.list',
    mediaGet: 'catalog.media.get',
    sitemapGet: 'catalog.sitemap.get',
    /** Cannabis companies (issue 29). The list: the caller's companies (`company:` memberships), any for an admin. */
    companyList: 'catalog.company.list',
    /** The rest need the business access token of that one company (`@RequireCompany()`). */
    companyGet: 'catalog.company.get',
    companyProducts: 'catalog.company.products',
    companySupplyUpdate: 'catalog.company.supply-update',
    companySupplyEdits: 'catalog.company.supply-edits',
  },
  pharm: {
    pharmList: 'pharm.pharm.list',
    pharmGet: 'pharm.pharm.get',
    slideList: 'pharm.slide.list',
    pharmProductList: 'pharm.pharm-product.list',
    pharmProductGet: 'pharm.pharm-product.get',
    pharmProductRelated: 'pharm.pharm-product.related',
    comparisonList: 'pharm.comparison.list',
    discountList: 'pharm.discount.list',
    pharmProductUpdate: 'pharm.pharm-product.update',
    /** A cart's items with their offers as shown now (`ResolveCartDto` → `ResolvedCart`). */
    cartResolve: 'pharm.pharm-product.resolve-cart',
    /** The pharmacies that have the whole cart in stock, with shipping (`CartAlternativesDto` → `CartAlternatives`). */
    cartAlternatives: 'pharm.cart.alternatives',
    /** Generated SVG art of pharmacies (logos, slide images), served by the gateway under /media/pharms/. */
    mediaGet: 'pharm.media.get',
    sitemapGet: 'pharm.sitemap.get',
    /** A published coupon by code (`CouponGetRequest` → `CouponRecord`, 404 when none). */
    couponGet: 'pharm.coupon.get',
    /** A cart's offers priced with the pharmacies' discounts and the given coupons (`CheckoutOffersRequest` → `CheckoutOffers`). */
    checkoutOffers: 'pharm.checkout.offers',
    /**
     * Order only (no user caller): takes an order's units, every line or none, idempotent by the batch uid
     * (`StockReserveCommand` → ok; 409 with the product's Hebrew message when there is not enough).
     */
    stockReserve: 'pharm.stock.reserve',
    /** Order only: gives back what a batch whose order failed had reserved, and refuses that batch from then on. */
    stockRelease: 'pharm.stock.release',
    /** The partner stock feed (gateway only): a pushed feed stored in the spool, its status, its rejections page by page. */
    stockFeedSubmit: 'pharm.stock-feed.submit',
    stockFeedStatus: 'pharm.stock-feed.status',
    stockFeedRejections: 'pharm.stock-feed.rejections',
    /** The operator's view of the feed partners and the switch that pauses one (admins only). */
    stockFeedPartners: 'pharm.stock-feed.partners',
    stockFeedPartnerPause: 'pharm.stock-feed.partner-pause',
    /** The back office (members of the business and admins only; the business is the pharmacy's slug). */
    businessGet: 'pharm.business.get',
    businessUpdate: 'pharm.business.update',
    businessHoursUpdate: 'pharm.business.hours-update',
    businessProducts: 'pharm.business.products',
    businessProductGet: 'pharm.business.product-get',
    businessProductOptions: 'pharm.business.product-options',
    businessProductCreate: 'pharm.business.product-create',
    businessProductsUpdate: 'pharm.business.products-update',
    businessProductRemove: 'pharm.business.product-remove',
    businessProductBump: 'pharm.business.product-bump',
    businessProductConfirm: 'pharm.business.product-confirm',
    /** Issue 31: an offer's own history of price and stock (`OfferHistoryRequest` → `OfferHistory`). */
    businessProductHistory: 'pharm.business.product-history',
    /** A product's lowest in-stock price per day (`PriceHistoryRequest` → `PriceHistory`), public. */
    priceHistoryGet: 'pharm.price-history.get',
    /** The signed-in patient's alerts (`@RequireUser()`): list, create, delete. */
    alertList: 'pharm.alert.list',
    alertCreate: 'pharm.alert.create',
    alertDelete: 'pharm.alert.delete',
    /** The signed one-click unsubscribe of an alert's message (no sign-in: the token is the proof). */
    alertUnsubscribe: 'pharm.alert.unsubscribe',
    /** What a due alert's message needs when sent (`AlertNoticeRequest` → `AlertNotice`), notifications only. */
    alertNotice: 'pharm.alert.notice',
    businessDiscountProductOptions: 'pharm.business.discount-product-options',
    businessDiscounts: 'pharm.business.discounts',
    businessDiscountGet: 'pharm.business.discount-get',
    businessDiscountCreate: 'pharm.business.discount-create',
    businessDiscountUpdate: 'pharm.business.discount-update',
    businessDiscountRemove: 'pharm.business.discount-remove',
    businessAnnouncements: 'pharm.business.announcements',
    businessAnnouncementGet: 'pharm.business.announcement-get',
    businessAnnouncementCreate: 'pharm.business.announcement-create',
    businessAnnouncementUpdate: 'pharm.business.announcement-update',
    businessAnnouncementRemove: 'pharm.business.announcement-remove',
    /** A cannabis company's market (the business access token of that one company; issue 29). */
    companyFigures: 'pharm.company.figures',
    companyMarket: 'pharm.company.market',
    companyStockHistory: 'pharm.company.stock-history',
    companyStockReport: 'pharm.company.stock-report',
    companyStockOuts: 'pharm.company.stock-outs',
    /** Prices per product across pharmacies over time (admins only). */
    pricesReport: 'pharm.company.prices-report',
    /** The operator's console (admins only, issue 30): every pharmacy in any state, onboarding, changes and the state. */
    manageList: 'pharm.manage.list',
    manageGet: 'pharm.manage.get',
    manageOnboard: 'pharm.manage.onboard',
    manageUpdate: 'pharm.manage.update',
  },
  cart: {
    /** The signed-in user's server cart (`ServerCart`); every cart subject answers it as it is after the call. */
    cartGet: 'cart.cart.get',
    /** Replaces the whole list (`CartStoreCommand`). */
    cartStore: 'cart.cart.store',
    itemAdd: 'cart.item.add',
    itemUpdate: 'cart.item.update',
    itemRemove: 'cart.item.remove',
  },
  order: {
    /** The signed-in user's cart priced and shipped (`QuoteDto` → `Quote`). */
    quote: 'order.checkout.quote',
    /** Anyone's cart (its items in the payload) priced for pickup, no coupons: the cart page's figures before sign-in. */
    cartQuote: 'order.cart.quote',
    couponValidate: 'order.checkout.coupon',
    publicKey: 'order.checkout.public-key',
    /** Places the signed-in user's cart (`CreateOrderDto` → `OrdersBatch`); the same again while open: 409 'בוצעה הזמנה זהה'. */
    orderCreate: 'order.order.create',
    batchGet: 'order.batch.get',
    userOrders: 'order.user.orders',
    /** Documents: the gateway asks before forwarding them; notifications (alone) reports the outcome. */
    documentsBegin: 'order.documents.begin',
    documentsFinish: 'order.documents.finish',
    /** The gateway could not hand the caller's documents to notifications: the delivery failed, the patient may send again. */
    documentsAbandon: 'order.documents.abandon',
    /** What notifications tells the pharmacies and the patient (`OrderNoticeRequest` → `OrderNotice`). */
    noticeGet: 'order.notice.get',
    /** The back office's order statuses (`OrderStatusUpdateCommand`), members of the business and admins only. */
    businessStatusUpdate: 'order.business.status-update',
    /** One order's ID number, decrypted for a member of its pharmacy's business (`OrderIdNumberRequest` → `{ idNumber }`). */
    businessIdNumber: 'order.business.id-number',
    /** The dashboard's order figures and recent open orders (`BusinessRequest` → `OrderBusinessStats`). */
    businessStats: 'order.business.stats',
    /** The back office's order table (`BusinessPageRequest` → `BusinessOrdersPage`). */
    businessOrders: 'order.business.list',
    /** The operator's console (admins only): orders this month per pharmacy, orders ever per user. */
    managePharmCounts: 'order.manage.pharm-counts',
    manageUserCounts: 'order.manage.user-counts',
  },
  identity: {
    signUp: 'identity.auth.sign-up',
    activate: 'identity.auth.activate',
    resendActivation: 'identity.auth.resend-activation',
    signIn: 'identity.auth.sign-in',
    forgotPassword: 'identity.auth.forgot-password',
    resetPassword: 'identity.auth.reset-password',
    refresh: 'identity.auth.refresh',
    /** Ends every session of the caller's account (its token version grows). */
    signOut: 'identity.auth.sign-out',
    smsRequest: 'identity.auth.sms-request',
    smsVerify: 'identity.auth.sms-verify',
    /** A Google account the gateway read from Google (`GoogleSignInCommand` → `AuthTokenResponse`): found, linked or created. */
    googleSignIn: 'identity.auth.google-sign-in',
    keysGet: 'identity.keys.get',
    userGet: 'identity.user.get',
    userBusinesses: 'identity.user.businesses',
    /** `BusinessAccessCommand` → `AuthTokenResponse` (a business access token) for a member of that business. */
    businessAccess: 'identity.business.access',
    userUpdate: 'identity.user.update',
    userGeo: 'identity.user.geo',
    /** Issue 26: the phone given at checkout fills the caller's profile phone when it has none (`FillPhoneCommand` → `{ filled }`). */
    phoneFill: 'identity.user.phone-fill',
    passwordChange: 'identity.user.change-password',
    unsubscribe: 'identity.auth.unsubscribe',
    /** The secret (link token, SMS code) an event refers to (`DeliverySecretRequest` → `DeliverySecret`), for notifications only. */
    deliverySecretGet: 'identity.delivery-secret.get',
    /** Forgets that secret once its message is sent (or failed for good). */
    deliverySecretForget: 'identity.delivery-secret.forget',
    /** Where to send a user's alert (`UserContactRequest` → `UserContact`), notifications only. */
    userContact: 'identity.user.contact',
    addressList: 'identity.address.list',
    addressCreate: 'identity.address.create',
    addressUpdate: 'identity.address.update',
    addressRemove: 'identity.address.remove',
    favoritesList: 'identity.favorites.list',
    favoriteAdd: 'identity.favorites.add',
    favoriteRemove: 'identity.favorites.remove',
    /** The caller's own prescription (medical data: only its owner reads it; no event carries it). */
    prescriptionGet: 'identity.prescription.get',
    prescriptionSave: 'identity.prescription.save',
    prescriptionRemove: 'identity.prescription.remove',
    /** The operator's console (admins only, issue 30): accounts, memberships and invitations, and the record. */
    manageUsers: 'identity.manage.users',
    manageUserGet: 'identity.manage.user-get',
    manageUserBlock: 'identity.manage.user-block',
    manageUserUnblock: 'identity.manage.user-unblock',
    manageResendActivation: 'identity.manage.resend-activation',
    manageMembers: 'identity.manage.members',
    manageMemberAdd: 'identity.manage.member-add',
    manageMemberRemove: 'identity.manage.member-remove',
    manageAudit: 'identity.manage.audit',
  },
  notifications: {
    /** A visitor's contact form (`ContactDto` → `{ id }`). */
    contactCreate: 'notifications.contact.create',
    /** The local mailbox (e-mails kept when no SMTP server is configured); outside production only. */
    mailboxList: 'notifications.mailbox.list',
    /** Documents the gateway holds (encrypted, in Redis for minutes) to e-mail to the pharmacies (`DocumentsSendCommand`). */
    documentsSend: 'notifications.documents.send',
  },
  shippingQuote: {
    locationList: 'shipping-quote.location.list',
    locationGet: 'shipping-quote.location.get',
    shipmentListByPharm: 'shipping-quote.shipment.list-by-pharm',
    /** Street-and-city suggestions for typed text (`AddressSearchDto` → `AddressSearchResponse`). */
    addressSearch: 'shipping-quote.address.search',
    /** Shipping for each pharmacy of a cart to an address (`ShippingQuoteRequest` → `ShippingQuoteResponse`). */
    quote: 'shipping-quote.quote.get',
    /** The back office's shipments (members of the pharmacy's business and admins only). */
    businessShipments: 'shipping-quote.business.shipments',
    businessShipmentGet: 'shipping-quote.business.shipment-get',
    businessShipmentCreate: 'shipping-quote.business.shipment-create',
    businessShipmentUpdate: 'shipping-quote.business.shipment-update',
    businessShipmentRemove: 'shipping-quote.business.shipment-remove',
  },
} as const;

/** Event subjects: `evt.<service>.<entity>.<past-tense>`, all on the service's own stream. */
export const eventSubjectPrefix = (service: ServiceName) => `evt.${service}`;
export const streamName = (service: ServiceName) => `EVT_${service.toUpperCase().replace(/-/g, '_')}`;

export const Events = {
  catalog: {
    productChanged: 'evt.catalog.product.changed',
  },
  identity: {
    activationRequested: 'evt.identity.activation.requested',
    passwordResetRequested: 'evt.identity.password-reset.requested',
    smsCodeRequested: 'evt.identity.sms-code.requested',
    /** Identity's own work queue (`AccountAskedEvent`): asked and answered at once, worked on after answering. */
    activationResendAsked: 'evt.identity.activation.asked',
    passwordResetAsked: 'evt.identity.password-reset.asked',
    smsCodeAsked: 'evt.identity.sms-code.asked',
    /** An account's token version grew (password change or reset, sign-out, disable): identity writes it to `TOKEN_VERSIONS_BUCKET`. */
    sessionsEnded: 'evt.identity.sessions.ended',
    /** An invitation to run a business, e-mailed to an address with no account yet (`MembershipInvitedEvent`). */
    membershipInvited: 'evt.identity.membership.invited',
  },
  order: {
    batchPlaced: 'evt.order.batch.placed',
    statusChanged: 'evt.order.status.changed',
    documentsSubmitted: 'evt.order.documents.submitted',
    /** A reading of an ID number, for identity's record (`AuditRecordedEvent`). */
    auditRecorded: 'evt.order.audit.recorded',
  },
  pharm: {
    offersChanged: 'evt.pharm.offers.changed',
    pharmChanged: 'evt.pharm.pharm.changed',
    /** An admin's action on pharmacies (onboarding, changes, state, opening a back office), for identity's record. */
    auditRecorded: 'evt.pharm.audit.recorded',
    /** A patient's alert is due (issue 31, `AlertDueEvent`): notifications sends it. */
    alertDue: 'evt.pharm.alert.due',
  },
} as const;

/**
 * The JetStream Key-Value bucket of token versions: key the user id (decimal), value the account's current token
 * version (decimal). Only identity writes it (after a bump, from its outbox); every other process watches it into
 * memory and refuses a token whose `ver` is lower. Entries live a little over an access token's lifetime (older
 * tokens have expired anyway); history 1.
 */
export const TOKEN_VERSIONS_BUCKET = 'token_versions';
/** How long a token version stays in the bucket: an access token's longest life (an hour) and 5 minutes. */
export const TOKEN_VERSIONS_TTL_SECONDS = 3600 + 300;

/** Header names carried on every NATS message. */
export const Headers = {
  correlationId: 'x-correlation-id',
  /** The caller's verified access token, or `ANONYMOUS_CALLER` (set by the gateway on every request). */
  caller: 'x-caller',
} as const;

/** The `Headers.caller` value of a request that nobody signed in made. */
export const ANONYMOUS_CALLER = 'anonymous';
