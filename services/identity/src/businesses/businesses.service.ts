import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, parseMembershipClaim, TOKEN_LIFETIME, type AuthTokenResponse, type BusinessAccessClaims, type BusinessesResponse } from '@mc/contracts';
import { Clock, DATABASE, serviceError, type Database } from '@mc/kit';
import { and, eq } from 'drizzle-orm';
import { Accounts } from '../accounts/accounts.service';
import { AuditLog } from '../audit/audit-log';
import { businessMemberships } from '../db/schema';
import { SigningKeys } from '../keys/signing-keys';

const fail = (status: number, code: string, message: string) => serviceError(status, code, message);

/** The businesses a manager is a member of (pharmacies and cannabis companies), and access to one of them. */
@Injectable()
export class BusinessesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Accounts) private readonly accounts: Accounts,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Spec 6: managers (business owners and admins) see the businesses they run; anyone else none. */
  async businesses(token: string): Promise<BusinessesResponse> {
    const user = await this.accounts.current(token);
    if (user.role === 'user') return { businesses: [] };
    const rows = await this.db.select({ kind: businessMemberships.kind, slug: businessMemberships.slug, name: businessMemberships.name })
      .from(businessMemberships).where(eq(businessMemberships.userId, user.id)).orderBy(businessMemberships.kind, businessMemberships.name);
    return { businesses: rows };
  }

  /**
   * accessBusiness: a business access token for a member of the business (its owner, its staff, or an admin
   * given membership; an admin also for any `company:<slug>`); 404 for a business the user has no part in, whoever runs it (nothing is revealed).
   * It names a membership, so it lives as briefly as a token carrying memberships (see Accounts.tokenFor).
   */
  async accessBusiness(token: string, businessSlug: string): Promise<AuthTokenResponse> {
    const user = await this.accounts.current(token);
    if (user.role === 'user') throw fail(403, ErrorCodes.forbidden, Messages.businessAccessDenied);
    // `pharmacy:<slug>` or `company:<slug>` names one kind (a company and a pharmacy may share a slug); a bare slug, either.
    const named = parseMembershipClaim(businessSlug);
    const slug = named?.slug ?? businessSlug;
    const [membership] = await this.db.select({ kind: businessMemberships.kind, slug: businessMemberships.slug })
      .from(businessMemberships)
      .where(and(eq(businessMemberships.userId, user.id), eq(businessMemberships.slug, slug), ...(named ? [eq(businessMemberships.kind, named.kind)] : [])))
      .orderBy(businessMemberships.kind).limit(1);
    // An admin opens any cannabis company (spec §2: 'an admin finds any'); the company's service answers 404 for a
    // slug that is no company. Pharmacies keep needing a membership (their back office takes the ordinary token).
    const business = membership ?? (user.role === 'admin' && named?.kind === 'company' ? named : undefined);
    if (!business) throw fail(404, ErrorCodes.notFound, Messages.businessNotFound);
    // An admin opening a company they are no member of is on the record (issue 30).
    if (!membership) {
      await this.db.transaction((tx) => this.audit.record(tx, {
        action: 'business.opened', actorId: user.id, targetKind: 'company', targetId: business.slug, at: this.clock.now(),
      }));
    }
    const claims: BusinessAccessClaims = { sub: String(user.id), typ: 'business', role: user.role, ver: user.tokenVersion, business };
    return { jwt: await this.keys.sign(claims, TOKEN_LIFETIME.businessAccessSeconds) };
  }
}
