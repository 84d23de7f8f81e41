import type { ProductCard, ProductDetailResponse, Product, TagDetail } from '../catalog/product';
import { GetProductRequest } from '../catalog/requests';
import { CartAlternativesDto, CartItemCommand, CartItemRemoveCommand, CartStoreCommand, ResolveCartDto, type CartAlternatives, type ResolvedCart, type ServerCart } from '../cart';
import { AddressCommand, AddressRemoveCommand, AddressUpdateCommand } from '../forms/address';
import type { PrescriptionResponse } from '../identity/prescription';
import { PrescriptionDto } from '../identity/prescription.dto';
import {
  ActivateRequest, BusinessAccessCommand, ChangePasswordCommand, DeliverySecretRequest, UserContactRequest, FavoriteDto, ForgotPasswordDto,
  GeoLocationDto, GoogleSignInCommand, PhoneSignInDto, ResetPasswordRequest, SignInDto, SignUpDto, SmsVerifyDto,
  UnsubscribeRequest, UpdateUserCommand, FillPhoneCommand,
} from '../forms/auth';
import { ContactDto } from '../forms/contact';
import {
  BatchGetRequest, CheckoutOffersRequest, CreateOrderDto, DocumentsAbandonCommand, DocumentsBeginCommand, DocumentsFinishCommand, DocumentsSendCommand, OrderIdNumberRequest, OrderNoticeRequest, OrderStatusUpdateCommand, QuoteDto, UserOrdersRequest, type CheckoutOffers, type CheckoutPublicKey, type DocumentsDelivery, OrderBatchPlacedEvent, OrderDocumentsSubmittedEvent, type OrderNotice, type OrdersBatch, type OrderStatus, OrderStatusChangedEvent, type Quote, type UserOrdersResponse, type BusinessOrdersPage,
} from '../order';
import {
  CouponDto, CouponGetRequest, StockReleaseCommand, StockFeedSubmitCommand, StockFeedStatusRequest, StockFeedRejectionsRequest, StockFeedPauseCommand, type StockFeedAccepted, type StockFeedStatus, type StockFeedRejectionsPage, type StockFeedPartner, StockReserveCommand, type CouponRecord, type CouponValidation, AnnouncementCreateCommand, AnnouncementUpdateCommand, BusinessUpdateCommand, DiscountCodeRequest, DiscountCreateCommand, DiscountUpdateCommand, OpeningHoursUpdateCommand, PharmProductCreateCommand, PharmProductsUpdateCommand, type BusinessAnnouncement, type BusinessAnnouncementsPage, type BusinessDiscount, type BusinessDiscountsPage, type BusinessPharmProduct, type BusinessPharmProductsPage, type BusinessProductOptionsPage, type DiscountProductOptionsPage,
} from '../pharm';
import {
  ShippingQuoteRequest, type ShippingQuoteResponse, ShipmentCreateCommand, ShipmentUpdateCommand, type BusinessShipment, type BusinessShipmentsPage,
} from '../shipping';
import {
  BusinessItemRequest, BusinessPageRequest, BusinessRequest, type BusinessCard, type OrderBusinessStats, type PharmBusinessInfo,
} from '../business';
import { AddressSearchDto, type AddressSearchResponse } from '../shipping/address-search';
import type {
  Address, AuthTokenResponse, GoogleSignInResponse, BusinessesResponse, DeliverySecret, UserContact, FavoriteSlugsResponse, MailboxResponse, SigningKeysResponse, UserProfile,
} from '../identity';
import { ProductChangedEvent } from '../catalog/events';
import { OffersChangedEvent, PharmChangedEvent } from '../pharm/events';
import {
  AlertCreateDto, AlertDeleteRequest, AlertDueEvent, AlertNoticeRequest, AlertUnsubscribeDto, OfferHistoryRequest, PriceHistoryRequest,
  type AlertNotice, type OfferHistory, type PriceAlert, type PriceAlertsResponse, type PriceHistory,
} from '../pharm/alerts';
import { AccountAskedEvent, AccountLinkEvent, SessionsEndedEvent, SmsCodeEvent } from '../identity/events';
import {
  ComparisonRequest, DiscountListRequest, PharmGetRequest, PharmListRequest, PharmMediaGetRequest, PharmProductGetRequest, PharmProductListRequest,
  PharmProductUpdateRequest, PharmSlugRequest,
} from '../pharm/requests';
import {
  LocationGetRequest, MediaGetRequest, ProductListRequest, ProductRelatedRequest, SearchRequest, ShipmentListRequest, TagGetRequest, type MediaResponse,
} from '../storefront/requests';
import type {
  CatalogSitemap, ComparisonResponse, FaqItem, LayoutResponse, Location, PharmDetailResponse, PharmListResponse, PharmProduct, PharmProductDetailResponse,
  PharmProductListResponse, PharmSitemap, ProductListResponse, SearchResponse, Shipment, Slide, SocialGroup,
} from '../storefront/responses';
import type { OpeningHours } from '../storefront/responses';
import type { EventEnvelope } from './envelope';
import {
  CompanyListRequest, CompanyMarketRequest, CompanyPageRequest, CompanyPeriodRequest, CompanyReportRequest, CompanyRequest, CompanySupplyCommand, PricesReportRequest,
  type Company, type CompanyFigures, type CompanyListPage, type CompanyMarket, type CompanyProductsPage, type PricesReportPage, type ProductSupply, type StockHistory, type StockReportPage, type SupplyEditsPage,
} from '../company';
import {
  AuditListRequest, AuditRecordedEvent, ManagePharmListRequest, ManagePharmRequest, ManageUserListRequest, ManageUserRequest, MemberAddCommand,
  MemberRemoveCommand, MembersRequest, MembershipInvitedEvent, PharmManageUpdateCommand, PharmOnboardCommand, PharmOrderCountsRequest, UserOrderCountsRequest,
  type AuditPage, type BusinessMembers, type ManageCounts, type ManagedPharm, type ManagedPharmsPage, type ManagedUser, type ManagedUsersPage,
} from '../manage';
import { Events, Subjects } from './subjects';

/**
 * The typed bus: every request subject with the DTO class its service validates the payload with and the type
 * it answers, and every event subject with its payload type and version. The gateway's service client, the
 * kit's `rpc`, `OutboxWriter.add` and the event consumers take their types from here, so a subject and a
 * payload (or answer) that disagree do not compile. `<service>.health` subjects are the kit's, outside the map.
 */

type DtoClass<T> = new () => T;

/** A request subject's entry: `dto` validates its payload (null: it takes none); `Res` is its answer, for the types only. */
export interface RequestRoute<Req, Res> {
  readonly dto: DtoClass<Req> | null;
  /** Never set: carries the answer's type. */
  readonly answer?: Res;
}

/** The payload of a subject that takes none: an empty object. */
export type NoPayload = Record<string, never>;

const takes = <Req extends object>(dto: DtoClass<Req>) => ({ answers: <Res>(): RequestRoute<Req, Res> => ({ dto }) });
const takesNothing = { answers: <Res>(): RequestRoute<NoPayload, Res> => ({ dto: null }) };

/** `catalog.tag.get`: a page of the tag's products (the gateway adds the pharmacies carrying it). */
export interface CatalogTagPage {
  tag: TagDetail;
  products: ProductCard[];
  total: number;
  perPage: number;
  currentPage: number;
}

type Ok = { ok: true };
type Told = { message: string };

export const RequestRoutes = {
  [Subjects.catalog.productGet]: takes(GetProductRequest).answers<ProductDetailResponse>(),
  [Subjects.catalog.productList]: takes(ProductListRequest).answers<ProductListResponse>(),
  [Subjects.catalog.productRelated]: takes(ProductRelatedRequest).answers<{ related: Product[] }>(),
  [Subjects.catalog.tagGet]: takes(TagGetRequest).answers<CatalogTagPage>(),
  [Subjects.catalog.search]: takes(SearchRequest).answers<SearchResponse>(),
  [Subjects.catalog.layoutGet]: takesNothing.answers<LayoutResponse>(),
  [Subjects.catalog.faqList]: takesNothing.answers<{ faq: FaqItem[] }>(),
  [Subjects.catalog.socialGroupList]: takesNothing.answers<{ groups: SocialGroup[] }>(),
  [Subjects.catalog.mediaGet]: takes(MediaGetRequest).answers<MediaResponse>(),
  [Subjects.catalog.sitemapGet]: takesNothing.answers<CatalogSitemap>(),
  [Subjects.catalog.companyList]: takes(CompanyListRequest).answers<CompanyListPage>(),
  [Subjects.catalog.companyGet]: takes(CompanyRequest).answers<Company>(),
  [Subjects.catalog.companyProducts]: takes(CompanyPageRequest).answers<CompanyProductsPage>(),
  [Subjects.catalog.companySupplyUpdate]: takes(CompanySupplyCommand).answers<ProductSupply>(),
  [Subjects.catalog.companySupplyEdits]: takes(CompanyPeriodRequest).answers<SupplyEditsPage>(),

  [Subjects.pharm.pharmList]: takes(PharmListRequest).answers<PharmListResponse>(),
  [Subjects.pharm.pharmGet]: takes(PharmGetRequest).answers<PharmDetailResponse>(),
  [Subjects.pharm.slideList]: takes(PharmSlugRequest).answers<{ slides: Slide[] }>(),
  [Subjects.pharm.pharmProductList]: takes(PharmProductListRequest).answers<PharmProductListResponse>(),
  [Subjects.pharm.pharmProductGet]: takes(PharmProductGetRequest).answers<Omit<PharmProductDetailResponse, 'shipments'>>(),
  [Subjects.pharm.pharmProductRelated]: takes(PharmProductGetRequest).answers<{ related: PharmProduct[] }>(),
  [Subjects.pharm.comparisonList]: takes(ComparisonRequest).answers<ComparisonResponse>(),
  [Subjects.pharm.discountList]: takes(DiscountListRequest).answers<PharmProductListResponse>(),
  [Subjects.pharm.pharmProductUpdate]: takes(PharmProductUpdateRequest).answers<PharmProduct>(),
  [Subjects.pharm.cartResolve]: takes(ResolveCartDto).answers<ResolvedCart>(),
  [Subjects.pharm.cartAlternatives]: takes(CartAlternativesDto).answers<CartAlternatives>(),
  [Subjects.pharm.mediaGet]: takes(PharmMediaGetRequest).answers<MediaResponse>(),
  [Subjects.pharm.sitemapGet]: takesNothing.answers<PharmSitemap>(),
  [Subjects.pharm.couponGet]: takes(CouponGetRequest).answers<CouponRecord>(),
  [Subjects.pharm.checkoutOffers]: takes(CheckoutOffersRequest).answers<CheckoutOffers>(),
  [Subjects.pharm.stockReserve]: takes(StockReserveCommand).answers<Ok>(),
  [Subjects.pharm.stockRelease]: takes(StockReleaseCommand).answers<Ok>(),
  [Subjects.pharm.stockFeedSubmit]: takes(StockFeedSubmitCommand).answers<StockFeedAccepted>(),
  [Subjects.pharm.stockFeedStatus]: takes(StockFeedStatusRequest).answers<StockFeedStatus>(),
  [Subjects.pharm.stockFeedRejections]: takes(StockFeedRejectionsRequest).answers<StockFeedRejectionsPage>(),
  [Subjects.pharm.stockFeedPartners]: takesNothing.answers<{ partners: StockFeedPartner[] }>(),
  [Subjects.pharm.stockFeedPartnerPause]: takes(StockFeedPauseCommand).answers<StockFeedPartner>(),
  [Subjects.pharm.manageList]: takes(ManagePharmListRequest).answers<ManagedPharmsPage>(),
  [Subjects.pharm.manageGet]: takes(ManagePharmRequest).answers<ManagedPharm>(),
  [Subjects.pharm.manageOnboard]: takes(PharmOnboardCommand).answers<ManagedPharm>(),
  [Subjects.pharm.manageUpdate]: takes(PharmManageUpdateCommand).answers<ManagedPharm>(),
  [Subjects.order.managePharmCounts]: takes(PharmOrderCountsRequest).answers<ManageCounts>(),
  [Subjects.order.manageUserCounts]: takes(UserOrderCountsRequest).answers<ManageCounts>(),
  [Subjects.identity.manageUsers]: takes(ManageUserListRequest).answers<ManagedUsersPage>(),
  [Subjects.identity.manageUserGet]: takes(ManageUserRequest).answers<ManagedUser>(),
  [Subjects.identity.manageUserBlock]: takes(ManageUserRequest).answers<ManagedUser>(),
  [Subjects.identity.manageUserUnblock]: takes(ManageUserRequest).answers<ManagedUser>(),
  [Subjects.identity.manageResendActivation]: takes(ManageUserRequest).answers<Ok>(),
  [Subjects.identity.manageMembers]: takes(MembersRequest).answers<BusinessMembers>(),
  [Subjects.identity.manageMemberAdd]: takes(MemberAddCommand).answers<BusinessMembers>(),
  [Subjects.identity.manageMemberRemove]: takes(MemberRemoveCommand).answers<BusinessMembers>(),
  [Subjects.identity.manageAudit]: takes(AuditListRequest).answers<AuditPage>(),
  [Subjects.pharm.companyFigures]: takes(CompanyRequest).answers<CompanyFigures>(),
  [Subjects.pharm.companyMarket]: takes(CompanyMarketRequest).answers<CompanyMarket>(),
  [Subjects.pharm.companyStockHistory]: takes(CompanyPeriodRequest).answers<StockHistory>(),
  [Subjects.pharm.companyStockReport]: takes(CompanyReportRequest).answers<StockReportPage>(),
  [Subjects.pharm.companyStockOuts]: takes(CompanyReportRequest).answers<StockReportPage>(),
  [Subjects.pharm.pricesReport]: takes(PricesReportRequest).answers<PricesReportPage>(),

  [Subjects.cart.cartGet]: takesNothing.answers<ServerCart>(),
  [Subjects.cart.cartStore]: takes(CartStoreCommand).answers<ServerCart>(),
  [Subjects.cart.itemAdd]: takes(CartItemCommand).answers<ServerCart>(),
  [Subjects.cart.itemUpdate]: takes(CartItemCommand).answers<ServerCart>(),
  [Subjects.cart.itemRemove]: takes(CartItemRemoveCommand).answers<ServerCart>(),

  [Subjects.order.quote]: takes(QuoteDto).answers<Quote>(),
  [Subjects.order.cartQuote]: takes(ResolveCartDto).answers<Quote>(),
  [Subjects.order.couponValidate]: takes(CouponDto).answers<CouponValidation>(),
  [Subjects.order.publicKey]: takesNothing.answers<CheckoutPublicKey>(),
  [Subjects.order.orderCreate]: takes(CreateOrderDto).answers<OrdersBatch>(),
  [Subjects.order.batchGet]: takes(BatchGetRequest).answers<OrdersBatch>(),
  [Subjects.order.userOrders]: takes(UserOrdersRequest).answers<UserOrdersResponse>(),
  [Subjects.order.documentsBegin]: takes(DocumentsBeginCommand).answers<DocumentsDelivery>(),
  [Subjects.order.documentsFinish]: takes(DocumentsFinishCommand).answers<Ok>(),
  [Subjects.order.documentsAbandon]: takes(DocumentsAbandonCommand).answers<Ok>(),
  [Subjects.order.noticeGet]: takes(OrderNoticeRequest).answers<OrderNotice>(),
  [Subjects.order.businessStatusUpdate]: takes(OrderStatusUpdateCommand).answers<{ orders: { orderId: number; status: OrderStatus }[] }>(),
  [Subjects.order.businessIdNumber]: takes(OrderIdNumberRequest).answers<{ idNumber: string }>(),
  [Subjects.order.businessStats]: takes(BusinessRequest).answers<OrderBusinessStats>(),
  [Subjects.order.businessOrders]: takes(BusinessPageRequest).answers<BusinessOrdersPage>(),
  [Subjects.pharm.businessGet]: takes(BusinessRequest).answers<PharmBusinessInfo>(),
  [Subjects.pharm.businessUpdate]: takes(BusinessUpdateCommand).answers<BusinessCard>(),
  [Subjects.pharm.businessHoursUpdate]: takes(OpeningHoursUpdateCommand).answers<{ openingHours: OpeningHours }>(),
  [Subjects.pharm.businessProducts]: takes(BusinessPageRequest).answers<BusinessPharmProductsPage>(),
  [Subjects.pharm.businessProductGet]: takes(BusinessItemRequest).answers<{ pharmProduct: BusinessPharmProduct }>(),
  [Subjects.pharm.businessProductOptions]: takes(BusinessPageRequest).answers<BusinessProductOptionsPage>(),
  [Subjects.pharm.businessProductCreate]: takes(PharmProductCreateCommand).answers<{ pharmProduct: BusinessPharmProduct }>(),
  [Subjects.pharm.businessProductsUpdate]: takes(PharmProductsUpdateCommand).answers<{ pharmProducts: BusinessPharmProduct[] }>(),
  [Subjects.pharm.businessProductRemove]: takes(BusinessItemRequest).answers<Ok>(),
  [Subjects.pharm.businessProductBump]: takes(BusinessItemRequest).answers<{ pharmProduct: BusinessPharmProduct }>(),
  [Subjects.pharm.businessProductConfirm]: takes(BusinessItemRequest).answers<{ pharmProduct: BusinessPharmProduct }>(),
  [Subjects.pharm.businessProductHistory]: takes(OfferHistoryRequest).answers<OfferHistory>(),
  [Subjects.pharm.priceHistoryGet]: takes(PriceHistoryRequest).answers<PriceHistory>(),
  [Subjects.pharm.alertList]: takesNothing.answers<PriceAlertsResponse>(),
  [Subjects.pharm.alertCreate]: takes(AlertCreateDto).answers<PriceAlert>(),
  [Subjects.pharm.alertDelete]: takes(AlertDeleteRequest).answers<Ok>(),
  [Subjects.pharm.alertUnsubscribe]: takes(AlertUnsubscribeDto).answers<Ok>(),
  [Subjects.pharm.alertNotice]: takes(AlertNoticeRequest).answers<AlertNotice>(),
  [Subjects.pharm.businessDiscountProductOptions]: takes(BusinessPageRequest).answers<DiscountProductOptionsPage>(),
  [Subjects.pharm.businessDiscounts]: takes(BusinessPageRequest).answers<BusinessDiscountsPage>(),
  [Subjects.pharm.businessDiscountGet]: takes(DiscountCodeRequest).answers<{ discount: BusinessDiscount }>(),
  [Subjects.pharm.businessDiscountCreate]: takes(DiscountCreateCommand).answers<{ discount: BusinessDiscount }>(),
  [Subjects.pharm.businessDiscountUpdate]: takes(DiscountUpdateCommand).answers<{ discount: BusinessDiscount }>(),
  [Subjects.pharm.businessDiscountRemove]: takes(DiscountCodeRequest).answers<Ok>(),
  [Subjects.pharm.businessAnnouncements]: takes(BusinessPageRequest).answers<BusinessAnnouncementsPage>(),
  [Subjects.pharm.businessAnnouncementGet]: takes(BusinessItemRequest).answers<{ announcement: BusinessAnnouncement }>(),
  [Subjects.pharm.businessAnnouncementCreate]: takes(AnnouncementCreateCommand).answers<{ announcement: BusinessAnnouncement }>(),
  [Subjects.pharm.businessAnnouncementUpdate]: takes(AnnouncementUpdateCommand).answers<{ announcement: BusinessAnnouncement }>(),
  [Subjects.pharm.businessAnnouncementRemove]: takes(BusinessItemRequest).answers<Ok>(),
  [Subjects.shippingQuote.businessShipments]: takes(BusinessPageRequest).answers<BusinessShipmentsPage>(),
  [Subjects.shippingQuote.businessShipmentGet]: takes(BusinessItemRequest).answers<{ shipment: BusinessShipment }>(),
  [Subjects.shippingQuote.businessShipmentCreate]: takes(ShipmentCreateCommand).answers<{ shipment: BusinessShipment }>(),
  [Subjects.shippingQuote.businessShipmentUpdate]: takes(ShipmentUpdateCommand).answers<{ shipment: BusinessShipment }>(),
  [Subjects.shippingQuote.businessShipmentRemove]: takes(BusinessItemRequest).answers<Ok>(),

  [Subjects.identity.signUp]: takes(SignUpDto).answers<Ok>(),
  [Subjects.identity.activate]: takes(ActivateRequest).answers<AuthTokenResponse>(),
  [Subjects.identity.resendActivation]: takes(ForgotPasswordDto).answers<Told>(),
  [Subjects.identity.signIn]: takes(SignInDto).answers<AuthTokenResponse>(),
  [Subjects.identity.forgotPassword]: takes(ForgotPasswordDto).answers<Told>(),
  [Subjects.identity.resetPassword]: takes(ResetPasswordRequest).answers<AuthTokenResponse>(),
  [Subjects.identity.refresh]: takesNothing.answers<AuthTokenResponse>(),
  [Subjects.identity.signOut]: takesNothing.answers<Ok>(),
  [Subjects.identity.smsRequest]: takes(PhoneSignInDto).answers<Told>(),
  [Subjects.identity.smsVerify]: takes(SmsVerifyDto).answers<AuthTokenResponse>(),
  [Subjects.identity.googleSignIn]: takes(GoogleSignInCommand).answers<GoogleSignInResponse>(),
  [Subjects.identity.keysGet]: takesNothing.answers<SigningKeysResponse>(),
  [Subjects.identity.userGet]: takesNothing.answers<UserProfile>(),
  [Subjects.identity.userBusinesses]: takesNothing.answers<BusinessesResponse>(),
  [Subjects.identity.businessAccess]: takes(BusinessAccessCommand).answers<AuthTokenResponse>(),
  [Subjects.identity.userUpdate]: takes(UpdateUserCommand).answers<UserProfile>(),
  [Subjects.identity.userGeo]: takes(GeoLocationDto).answers<Ok>(),
  [Subjects.identity.phoneFill]: takes(FillPhoneCommand).answers<{ filled: boolean }>(),
  [Subjects.identity.passwordChange]: takes(ChangePasswordCommand).answers<AuthTokenResponse>(),
  [Subjects.identity.unsubscribe]: takes(UnsubscribeRequest).answers<Told>(),
  [Subjects.identity.deliverySecretGet]: takes(DeliverySecretRequest).answers<DeliverySecret>(),
  [Subjects.identity.deliverySecretForget]: takes(DeliverySecretRequest).answers<Ok>(),
  [Subjects.identity.userContact]: takes(UserContactRequest).answers<UserContact>(),
  [Subjects.identity.addressList]: takesNothing.answers<{ addresses: Address[] }>(),
  [Subjects.identity.addressCreate]: takes(AddressCommand).answers<{ addresses: Address[] }>(),
  [Subjects.identity.addressUpdate]: takes(AddressUpdateCommand).answers<{ addresses: Address[] }>(),
  [Subjects.identity.addressRemove]: takes(AddressRemoveCommand).answers<{ addresses: Address[] }>(),
  [Subjects.identity.favoritesList]: takesNothing.answers<FavoriteSlugsResponse>(),
  [Subjects.identity.favoriteAdd]: takes(FavoriteDto).answers<FavoriteSlugsResponse>(),
  [Subjects.identity.favoriteRemove]: takes(FavoriteDto).answers<FavoriteSlugsResponse>(),
  [Subjects.identity.prescriptionGet]: takesNothing.answers<PrescriptionResponse>(),
  [Subjects.identity.prescriptionSave]: takes(PrescriptionDto).answers<PrescriptionResponse>(),
  [Subjects.identity.prescriptionRemove]: takesNothing.answers<PrescriptionResponse>(),

  [Subjects.notifications.contactCreate]: takes(ContactDto).answers<{ id: number }>(),
  [Subjects.notifications.mailboxList]: takesNothing.answers<MailboxResponse>(),
  [Subjects.notifications.documentsSend]: takes(DocumentsSendCommand).answers<Ok>(),

  [Subjects.shippingQuote.locationList]: takesNothing.answers<{ locations: Location[] }>(),
  [Subjects.shippingQuote.locationGet]: takes(LocationGetRequest).answers<Location>(),
  [Subjects.shippingQuote.shipmentListByPharm]: takes(ShipmentListRequest).answers<{ shipments: Shipment[] }>(),
  [Subjects.shippingQuote.addressSearch]: takes(AddressSearchDto).answers<AddressSearchResponse>(),
  [Subjects.shippingQuote.quote]: takes(ShippingQuoteRequest).answers<ShippingQuoteResponse>(),
} as const;

type Routes = typeof RequestRoutes;
export type RequestSubject = keyof Routes;
/** The payload a request subject takes. */
export type RequestOf<S extends RequestSubject> = Routes[S] extends RequestRoute<infer Req, unknown> ? Req : never;
/** What a request subject answers. */
export type ResponseOf<S extends RequestSubject> = Routes[S] extends RequestRoute<unknown, infer Res> ? Res : never;

/** An event subject's entry: the DTO class its payload is (the kit validates every consumed event with it once), and the version its publisher writes now. */
export interface EventRoute<T> {
  readonly dto: DtoClass<T>;
  readonly version: number;
}

const carries = <T extends object>(dto: DtoClass<T>, version: number): EventRoute<T> => ({ dto, version });

export const EventRoutes = {
  [Events.catalog.productChanged]: carries(ProductChangedEvent, 1),
  [Events.identity.activationRequested]: carries(AccountLinkEvent, 1),
  [Events.identity.passwordResetRequested]: carries(AccountLinkEvent, 1),
  [Events.identity.smsCodeRequested]: carries(SmsCodeEvent, 1),
  [Events.identity.activationResendAsked]: carries(AccountAskedEvent, 1),
  [Events.identity.passwordResetAsked]: carries(AccountAskedEvent, 1),
  [Events.identity.smsCodeAsked]: carries(AccountAskedEvent, 1),
  [Events.identity.sessionsEnded]: carries(SessionsEndedEvent, 1),
  [Events.identity.membershipInvited]: carries(MembershipInvitedEvent, 1),
  [Events.order.auditRecorded]: carries(AuditRecordedEvent, 1),
  [Events.pharm.auditRecorded]: carries(AuditRecordedEvent, 1),
  [Events.order.batchPlaced]: carries(OrderBatchPlacedEvent, 1),
  [Events.order.statusChanged]: carries(OrderStatusChangedEvent, 1),
  [Events.order.documentsSubmitted]: carries(OrderDocumentsSubmittedEvent, 1),
  [Events.pharm.offersChanged]: carries(OffersChangedEvent, 1),
  [Events.pharm.pharmChanged]: carries(PharmChangedEvent, 1),
  [Events.pharm.alertDue]: carries(AlertDueEvent, 1),
} as const;

type EventRouteMap = typeof EventRoutes;
export type EventSubject = keyof EventRouteMap;
/** The payload an event subject carries. */
export type EventOf<S extends EventSubject> = EventRouteMap[S] extends EventRoute<infer T> ? T : never;
/** The envelope of an event of `S` (a union over `S`, told apart by `type`). */
export type EventEnvelopeOf<S extends EventSubject> = S extends EventSubject ? EventEnvelope<EventOf<S>> & { type: S } : never;

type Tokens<S extends string> = S extends `${infer Head}.${infer Tail}` ? [Head, ...Tokens<Tail>] : [S];
type TokensMatch<P extends string[], S extends string[]> =
  P extends ['>'] ? (S extends [string, ...string[]] ? true : false)
    : P extends [infer PH extends string, ...infer PT extends string[]]
      ? S extends [infer SH extends string, ...infer ST extends string[]]
        ? (PH extends '*' ? TokensMatch<PT, ST> : PH extends SH ? TokensMatch<PT, ST> : false)
        : false
      : S extends [] ? true : false;

/** The event subjects a NATS subject filter (with `*` and `>` wildcards) takes in. */
export type EventSubjectsMatching<Filter extends string> = {
  [S in EventSubject]: TokensMatch<Tokens<Filter>, Tokens<S>> extends true ? S : never
}[EventSubject];

/** Whether a NATS subject filter takes in `subject` (the run-time twin of `EventSubjectsMatching`). */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length || (f[i] !== '*' && f[i] !== s[i])) return false;
  }
  return f.length === s.length;
}
