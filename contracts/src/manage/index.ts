import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { BUSINESS_MAX_PAGE, BUSINESS_SEARCH_MAX_LENGTH, NestedList } from '../business/common';
import { BusinessMessages } from '../business/messages';
import { SLUG_PATTERN } from '../catalog/product';
import { Filled, INT4_MAX, IntInRange, MatchesIfFilled, NoControlChars, Trim } from '../forms/decorators';
import type { BusinessKind, UserRole } from '../identity';
import { Messages } from '../messages';
import { MAX_SLOTS_PER_DAY, OpeningHoursSlotInput } from '../pharm/business-info';
import { PHONE_PATTERN } from '../rules/patterns';
import { PHARM_SHIPPING, type OpeningHours, type PharmShipping } from '../storefront/responses';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, PHARM_STATES, type AuditAction, type AuditTargetKind, type PharmState } from './kinds';

export * from './kinds';

/**
 * The operator's console (issue 30, API.md "Operator's console"): admins only, checked by each service. Pharm owns
 * the pharmacies and their state; identity owns the accounts, the memberships, the invitations and the record of
 * admin actions (the audit log), which the other services feed with `evt.<service>.audit.recorded`.
 */

/** Rows per page of the console's lists. */
export const MANAGE_PAGE_SIZE = { pharms: 20, users: 20, audit: 50 } as const;
/** Members and pending invitations one business has at most. */
export const MANAGE_MAX_MEMBERS = 50;

/** The console's messages (ours: the spec shows none, beyond 'המשתמש נחסם. אנא פנה למנהל המערכת.' at sign-in). */
export const ManageMessages = {
  pharmNotFound: 'בית המרקחת לא נמצא',
  userNotFound: 'המשתמש לא נמצא',
  slugInvalid: 'יש להזין כתובת באותיות אנגליות קטנות, ספרות ומקפים',
  slugTaken: 'כתובת זו כבר בשימוש',
  licenceInvalid: 'יש להזין מספר רישיון תקין',
  addressNotFound: 'יש לבחור כתובת מהרשימה',
  partnerCodeInvalid: 'קוד השותף אינו תקין',
  partnerCodeTaken: 'קוד השותף כבר משויך לבית מרקחת אחר',
  invalidState: 'יש לבחור מצב',
  invalidShipping: 'יש לבחור סוג משלוח',
  alreadyMember: 'המשתמש כבר חבר בעסק זה',
  tooManyMembers: 'לעסק זה כבר יש מספר החברים המרבי',
  memberNotFound: 'החבר לא נמצא',
  /** An admin blocks or removes their own account, or blocks another admin. */
  cannotBlockAdmin: 'לא ניתן לחסום מנהל מערכת',
  notPending: 'החשבון כבר הופעל',
  blocked: 'החשבון נחסם',
  unblocked: 'החסימה הוסרה',
  activationResent: 'מייל הפעלה נשלח שוב',
} as const;

const invalid = { message: Messages.badRequest };
const toNumber = ({ value }: { value: unknown }) => (value === undefined || value === null || value === '' ? undefined : Number(value));
const SearchText = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  IsString(invalid)(target, key);
  MaxLength(BUSINESS_SEARCH_MAX_LENGTH, invalid)(target, key);
  NoControlChars(Messages.badRequest)(target, key);
};
const Page = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  Transform(toNumber)(target, key);
  IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)(target, key);
};

/** The partner's code of a pharmacy (as its stock feed names it). */
export const PARTNER_CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** The Ministry of Health's pharmacy licence number (digits, sometimes with a dash). */
export const LICENCE_PATTERN = /^\d[\d-]{2,19}$/;

// ----- Pharmacies (pharm) -----

/** `GET /api/manage/pharms` (`pharm.manage.list`): every pharmacy, any state, by name, slug, city or partner code. */
export class ManagePharmListRequest {
  @Page() page?: number;
  @SearchText() search?: string;

  @IsOptional() @IsIn(PHARM_STATES as unknown as string[], { message: ManageMessages.invalidState })
  state?: PharmState;
}

/** One pharmacy by its slug; anything else is a pharmacy that does not exist. */
export class ManagePharmRequest {
  @IsString({ message: ManageMessages.pharmNotFound }) @MaxLength(100, { message: ManageMessages.pharmNotFound })
  @Matches(SLUG_PATTERN, { message: ManageMessages.pharmNotFound })
  slug: string;
}

/** The fields an operator sets on a pharmacy (onboarding takes them all, a PATCH any of them). */
class PharmFields {
  @Trim() @Filled(BusinessMessages.required) @MaxLength(100, invalid) @NoControlChars(Messages.badRequest)
  name: string;

  @Trim() @Filled(BusinessMessages.required) @MatchesIfFilled(LICENCE_PATTERN, ManageMessages.licenceInvalid)
  licenceNumber: string;

  /**
   * The address as the address search suggested it ('הרצל 12, חיפה'): pharm looks it up in the gazetteer again and
   * takes the street, the city and the position from there; a text the gazetteer does not know is refused.
   */
  @Trim() @Filled(ManageMessages.addressNotFound) @MaxLength(200, { message: ManageMessages.addressNotFound }) @NoControlChars(ManageMessages.addressNotFound)
  address: string;

  @Trim() @Filled(BusinessMessages.required) @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phoneNumber: string;

  @IsOptional() @Trim() @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  whatsappNumber?: string | null;

  /** Where the pharmacy receives its orders. */
  @IsOptional() @Trim() @IsEmail({}, { message: Messages.invalidEmail }) @MaxLength(200, { message: Messages.invalidEmail })
  orderEmail?: string | null;

  @IsIn(PHARM_SHIPPING as unknown as string[], { message: ManageMessages.invalidShipping })
  shipping: PharmShipping;

  /** The week's hours (the back office's flat list of slots; a day with none is closed). */
  @IsArray(invalid) @ArrayMaxSize(7 * MAX_SLOTS_PER_DAY, invalid) @ValidateNested({ each: true }) @NestedList(OpeningHoursSlotInput)
  openingHours: OpeningHoursSlotInput[];

  /** The licensed-data partner's code; empty or absent: the pharmacy is not partner-synced. */
  @IsOptional() @Trim() @MatchesIfFilled(PARTNER_CODE_PATTERN, ManageMessages.partnerCodeInvalid)
  partnerCode?: string | null;
}

/** `POST /api/manage/pharms` (`pharm.manage.onboard`): a new pharmacy, in state `onboarding` (hidden from patients). */
export class PharmOnboardCommand extends PharmFields {
  @Trim() @IsString({ message: ManageMessages.slugInvalid }) @MaxLength(60, { message: ManageMessages.slugInvalid })
  @Matches(SLUG_PATTERN, { message: ManageMessages.slugInvalid })
  slug: string;
}

/**
 * `PATCH /api/manage/pharms/{slug}` (`pharm.manage.update`): any of the fields, and the state. Suspending hides the
 * pharmacy from every public list, comparison and search at once; its open orders stay with it and its owner.
 */
export class PharmManageUpdateCommand extends ManagePharmRequest {
  @IsOptional() @IsIn(PHARM_STATES as unknown as string[], { message: ManageMessages.invalidState })
  state?: PharmState;

  @IsOptional() @Trim() @Filled(BusinessMessages.required) @MaxLength(100, invalid) @NoControlChars(Messages.badRequest)
  name?: string;

  @IsOptional() @Trim() @Filled(BusinessMessages.required) @MatchesIfFilled(LICENCE_PATTERN, ManageMessages.licenceInvalid)
  licenceNumber?: string;

  @IsOptional() @Trim() @Filled(ManageMessages.addressNotFound) @MaxLength(200, { message: ManageMessages.addressNotFound }) @NoControlChars(ManageMessages.addressNotFound)
  address?: string;

  @IsOptional() @Trim() @Filled(BusinessMessages.required) @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phoneNumber?: string;

  @IsOptional() @Trim() @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  whatsappNumber?: string | null;

  @IsOptional() @Trim() @IsEmail({}, { message: Messages.invalidEmail }) @MaxLength(200, { message: Messages.invalidEmail })
  orderEmail?: string | null;

  @IsOptional() @IsIn(PHARM_SHIPPING as unknown as string[], { message: ManageMessages.invalidShipping })
  shipping?: PharmShipping;

  @IsOptional() @IsArray(invalid) @ArrayMaxSize(7 * MAX_SLOTS_PER_DAY, invalid) @ValidateNested({ each: true }) @NestedList(OpeningHoursSlotInput)
  openingHours?: OpeningHoursSlotInput[];

  @IsOptional() @Trim() @MatchesIfFilled(PARTNER_CODE_PATTERN, ManageMessages.partnerCodeInvalid)
  partnerCode?: string | null;
}

/** A pharmacy as the operator sees it. `ordersThisMonth` is order's (the gateway adds it); the rest is pharm's. */
export interface ManagedPharm {
  slug: string;
  name: string;
  state: PharmState;
  licenceNumber: string | null;
  address: string;
  city: string;
  lat: number;
  lng: number;
  phone: string | null;
  whatsapp: string | null;
  orderEmail: string | null;
  shipping: PharmShipping;
  openingHours: OpeningHours;
  partnerCode: string | null;
  /** When the partner's feed last changed the pharmacy's offers. */
  partnerFeedAt: string | null;
  /** Offers on the marketplace (published and not deleted), in stock or not. */
  offersCount: number;
  /** Orders placed with it since the 1st of this month (Israel time); the gateway adds it from order. */
  ordersThisMonth?: number;
  createdAt: string;
  updatedAt: string;
}

export interface ManagedPharmsPage {
  pharms: ManagedPharm[];
  total: number;
  perPage: number;
  currentPage: number;
}

// ----- Order's counts for the console (order) -----

/** `order.manage.pharm-counts`: orders placed since the 1st of this month (Israel time) per pharmacy slug. */
export class PharmOrderCountsRequest {
  @IsArray(invalid) @ArrayMaxSize(100, invalid) @IsString({ each: true, ...invalid }) @Matches(SLUG_PATTERN, { each: true, ...invalid })
  slugs: string[];
}

/** `order.manage.user-counts`: orders ever placed per user id. */
export class UserOrderCountsRequest {
  @IsArray(invalid) @ArrayMaxSize(100, invalid) @IsInt({ each: true, ...invalid }) @Min(1, { each: true, ...invalid })
  userIds: number[];
}

/** Counts by key (a pharmacy slug, or a user id in decimal); a key with none is absent. */
export interface ManageCounts {
  counts: Record<string, number>;
}

// ----- Users (identity) -----

/** `GET /api/manage/users` (`identity.manage.users`): by name, e-mail or phone (digits anywhere in it). */
export class ManageUserListRequest {
  @Page() page?: number;
  @SearchText() search?: string;
}

/** One account by its id. */
export class ManageUserRequest {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IntInRange(1, INT4_MAX, ManageMessages.userNotFound)
  userId: number;
}

export type ManagedUserStatus = 'pending' | 'active' | 'disabled';
export type SignInMethod = 'password' | 'google' | 'sms';

/** A row of the users list. Never an ID number, a document, a prescription or an address. */
export interface ManagedUserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  status: ManagedUserStatus;
  role: UserRole;
  createdAt: string;
  lastSignedAt: string | null;
}

/** A membership as the console lists it, on a user or on a business. */
export interface ManagedMembership {
  kind: BusinessKind;
  slug: string;
  name: string;
}

/** One account's page: its state, the ways it can sign in, its memberships; `ordersCount` is order's (the gateway adds it). */
export interface ManagedUser extends ManagedUserRow {
  signInMethods: SignInMethod[];
  memberships: ManagedMembership[];
  ordersCount?: number;
}

export interface ManagedUsersPage {
  users: ManagedUserRow[];
  total: number;
  perPage: number;
  currentPage: number;
}

// ----- Memberships (identity) -----

/** The business whose members these are: a pharmacy or a cannabis company, by its slug. */
export class MembersRequest {
  @IsIn(['pharmacy', 'company'], invalid)
  kind: BusinessKind;

  @IsString({ message: Messages.businessNotFound }) @MaxLength(100, { message: Messages.businessNotFound })
  @Matches(SLUG_PATTERN, { message: Messages.businessNotFound })
  slug: string;
}

/**
 * `POST …/members` (`identity.manage.member-add`): makes the account with that e-mail a member (a pharmacy's owner, a
 * company's staff); an e-mail with no account gets an invitation, which becomes the membership when an account with
 * that e-mail is activated. `name` is the business's name, which the gateway reads from the business's service first
 * (so a business that does not exist is 404 before identity is asked).
 */
export class MemberAddCommand extends MembersRequest {
  @Trim() @Filled(Messages.requiredEmail) @IsEmail({}, { message: Messages.invalidEmail }) @MaxLength(200, { message: Messages.invalidEmail })
  email: string;

  @IsString(invalid) @MaxLength(200, invalid) @NoControlChars(Messages.badRequest)
  name: string;
}

/** `DELETE …/members/{memberId}` (`identity.manage.member-remove`): `user-<id>` a member, `invite-<id>` a pending invitation. */
export class MemberRemoveCommand extends MembersRequest {
  @IsString({ message: ManageMessages.memberNotFound }) @Matches(/^(user|invite)-\d{1,10}$/, { message: ManageMessages.memberNotFound })
  memberId: string;
}

/** A member, or an invitation not yet taken up (`userId` null, names null). */
export interface BusinessMember {
  /** `user-<id>` or `invite-<id>` (what DELETE takes). */
  id: string;
  state: 'member' | 'invited';
  userId: number | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  since: string;
}

export interface BusinessMembers {
  members: BusinessMember[];
}

// ----- The record (identity) -----

/** `GET /api/manage/audit` (`identity.manage.audit`): newest first; the search finds the actor, the target and the action. */
export class AuditListRequest {
  @Page() page?: number;
  @SearchText() search?: string;

  @IsOptional() @IsIn(AUDIT_ACTIONS as unknown as string[], invalid)
  action?: AuditAction;
}

/**
 * `evt.<service>.audit.recorded`: one admin action (or one reading of an ID number) recorded by the service that did it,
 * in the same transaction, for identity's record. The actor is the verified caller of that service, never a payload's
 * word; `before` and `after` hold only the fields that changed, and never an ID number, a document or a password.
 */
export class AuditRecordedEvent {
  @IsIn(AUDIT_ACTIONS as unknown as string[]) action: AuditAction;
  @IsInt() @Min(1) actorId: number;
  @IsIn(AUDIT_TARGET_KINDS as unknown as string[]) targetKind: AuditTargetKind;
  @IsString() @MaxLength(200) targetId: string;
  /** The target's name as it was at the time (a pharmacy's name, an order's pharmacy). */
  @IsOptional() @IsString() @MaxLength(300) targetLabel?: string | null;
  @IsOptional() @IsObject() before?: Record<string, unknown> | null;
  @IsOptional() @IsObject() after?: Record<string, unknown> | null;
  @IsISO8601() at: string;
}

/** A row of the record. */
export interface AuditEntry {
  id: number;
  at: string;
  action: AuditAction;
  actor: { id: number; name: string; email: string } | null;
  targetKind: AuditTargetKind;
  targetId: string;
  targetLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** `evt.identity.membership.invited`: an invitation e-mail to an address with no account yet (no secret: it names the sign-up page). */
export class MembershipInvitedEvent {
  @IsString() email: string;
  @IsIn(['pharmacy', 'company']) kind: BusinessKind;
  @IsString() businessName: string;
}
