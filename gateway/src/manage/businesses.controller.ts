import { Body, Controller, Delete, Get, Header, Inject, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  CompanyMessages, ErrorCodes, PharmManageUpdateCommand, PharmOnboardCommand, Subjects, type BusinessKind, type BusinessMembers, type ManagedPharm,
  type ManagedPharmsPage, type ServiceError,
} from '@mc/contracts';
import { IsString } from 'class-validator';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber, asText } from '../http/query-values';
import { AdminGuard } from './admin.guard';

/** The body of `POST …/members` (documentation only: identity validates the command). */
export class MemberAddBody {
  @IsString()
  email: string;
}

/** The counts order adds to pharm's rows; without order the rows go out without them rather than not at all. */
async function withOrdersThisMonth(clients: ServiceClients, pharms: ManagedPharm[]): Promise<ManagedPharm[]> {
  if (!pharms.length) return pharms;
  const counts = await clients.get('order').send(Subjects.order.managePharmCounts, { slugs: pharms.map((p) => p.slug) })
    .then((r) => r.counts, () => null);
  return counts ? pharms.map((p) => ({ ...p, ordersThisMonth: counts[p.slug] ?? 0 })) : pharms;
}

/** Members of one business: identity keeps them; the business's own service first says that it exists and its name. */
abstract class MembersRoutes {
  protected abstract readonly kind: BusinessKind;
  constructor(protected readonly clients: ServiceClients) {}

  /** The business's name; 404 when there is no such business (before identity is asked). */
  protected abstract businessName(slug: string): Promise<string>;

  async listMembers(slug: string): Promise<BusinessMembers> {
    await this.businessName(slug);
    return this.clients.get('identity').send(Subjects.identity.manageMembers, { kind: this.kind, slug });
  }

  async addMember(slug: string, body: Partial<MemberAddBody> | undefined): Promise<BusinessMembers> {
    const name = await this.businessName(slug);
    return this.clients.get('identity').send(Subjects.identity.manageMemberAdd, { kind: this.kind, slug, name, email: forwarded(body).email as string });
  }

  removeMember(slug: string, memberId: string): Promise<BusinessMembers> {
    return this.clients.get('identity').send(Subjects.identity.manageMemberRemove, { kind: this.kind, slug, memberId });
  }
}

/**
 * The operator's pharmacies (pharm owns them and their state; order counts their orders this month) and their owners
 * (identity). Admins only, here and in each service.
 */
@ApiTags('manage')
@Controller('manage/pharms')
@UseGuards(AuthGuard('jwt'), AdminGuard)
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'no valid token' })
@ApiForbiddenResponse({ description: 'not an admin' })
export class ManagePharmsController extends MembersRoutes {
  protected readonly kind = 'pharmacy';
  constructor(@Inject(ServiceClients) clients: ServiceClients) {
    super(clients);
  }

  protected async businessName(slug: string): Promise<string> {
    return (await this.clients.get('pharm').send(Subjects.pharm.manageGet, { slug })).name;
  }

  @Get()
  @Header('cache-control', 'no-store')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false, description: 'name, slug, city or partner code' })
  @ApiQuery({ name: 'state', required: false, description: 'onboarding, live or suspended' })
  @ApiOkResponse({ description: '{ pharms, total, perPage, currentPage }: every pharmacy in any state, with offers and orders this month' })
  async list(@Query() query: Record<string, unknown>): Promise<ManagedPharmsPage> {
    const page = await this.clients.get('pharm').send(Subjects.pharm.manageList, { page: asNumber(query.page), search: asText(query.search), state: asText(query.state) as ManagedPharm['state'] });
    return { ...page, pharms: await withOrdersThisMonth(this.clients, page.pharms) };
  }

  @Post()
  @RequestBody(PharmOnboardCommand)
  @ApiCreatedResponse({ description: "the new pharmacy, in state 'onboarding' (hidden from patients until made live)" })
  @ApiBadRequestResponse({ description: "a field's Hebrew message (an address not from the address search: 'יש לבחור כתובת מהרשימה')" })
  @ApiConflictResponse({ description: 'the slug or the partner code is taken' })
  onboard(@Body() body: PharmOnboardCommand | undefined): Promise<ManagedPharm> {
    return this.clients.get('pharm').send(Subjects.pharm.manageOnboard, forwarded(body));
  }

  @Get(':slug')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ description: 'the pharmacy, with its orders this month' })
  @ApiNotFoundResponse({ description: "'בית המרקחת לא נמצא'" })
  async get(@Param('slug') slug: string): Promise<ManagedPharm> {
    const [pharm] = await withOrdersThisMonth(this.clients, [await this.clients.get('pharm').send(Subjects.pharm.manageGet, { slug })]);
    return pharm;
  }

  @Patch(':slug')
  @RequestBody(PharmManageUpdateCommand, 'any of the fields, and `state` (onboarding, live, suspended)')
  @ApiOkResponse({ description: 'the pharmacy as it is now; suspended, it leaves every public page at once' })
  @ApiBadRequestResponse({ description: "a field's Hebrew message" })
  @ApiNotFoundResponse({ description: "'בית המרקחת לא נמצא'" })
  @ApiConflictResponse({ description: 'the partner code is taken' })
  update(@Param('slug') slug: string, @Body() body: PharmManageUpdateCommand | undefined): Promise<ManagedPharm> {
    return this.clients.get('pharm').send(Subjects.pharm.manageUpdate, { ...forwarded(body), slug });
  }

  @Get(':slug/members')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ description: '{ members: [{ id, state (member, invited), userId, email, firstName, lastName, since }] }' })
  @ApiNotFoundResponse({ description: 'no such pharmacy' })
  members(@Param('slug') slug: string): Promise<BusinessMembers> {
    return this.listMembers(slug);
  }

  @Post(':slug/members')
  @RequestBody(MemberAddBody, "the owner's e-mail: an account becomes an owner; an address with no account gets an invitation")
  @ApiCreatedResponse({ description: 'the members as they are now' })
  @ApiConflictResponse({ description: "'המשתמש כבר חבר בעסק זה', or the business has the most members it may" })
  add(@Param('slug') slug: string, @Body() body: Partial<MemberAddBody> | undefined): Promise<BusinessMembers> {
    return this.addMember(slug, body);
  }

  @Delete(':slug/members/:memberId')
  @ApiOkResponse({ description: "the members as they are now; the removed member's sessions end" })
  @ApiNotFoundResponse({ description: "'החבר לא נמצא'" })
  remove(@Param('slug') slug: string, @Param('memberId') memberId: string): Promise<BusinessMembers> {
    return this.removeMember(slug, memberId);
  }
}

/** A cannabis company's staff (catalog owns the companies; identity the memberships). Admins only. */
@ApiTags('manage')
@Controller('manage/companies')
@UseGuards(AuthGuard('jwt'), AdminGuard)
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'no valid token' })
@ApiForbiddenResponse({ description: 'not an admin' })
export class ManageCompaniesController extends MembersRoutes {
  protected readonly kind = 'company';
  constructor(@Inject(ServiceClients) clients: ServiceClients) {
    super(clients);
  }

  protected async businessName(slug: string): Promise<string> {
    const { companies } = await this.clients.get('catalog').send(Subjects.catalog.companyList, { search: slug });
    const company = companies.find((c) => c.slug === slug);
    if (!company) throw { status: 404, code: ErrorCodes.notFound, message: CompanyMessages.companyNotFound } satisfies ServiceError;
    return company.name;
  }

  @Get(':slug/members')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ description: '{ members }: the staff and the pending invitations' })
  @ApiNotFoundResponse({ description: "'החברה לא נמצאה'" })
  members(@Param('slug') slug: string): Promise<BusinessMembers> {
    return this.listMembers(slug);
  }

  @Post(':slug/members')
  @RequestBody(MemberAddBody, "the staff member's e-mail")
  @ApiCreatedResponse({ description: 'the members as they are now' })
  @ApiConflictResponse({ description: "'המשתמש כבר חבר בעסק זה'" })
  add(@Param('slug') slug: string, @Body() body: Partial<MemberAddBody> | undefined): Promise<BusinessMembers> {
    return this.addMember(slug, body);
  }

  @Delete(':slug/members/:memberId')
  @ApiOkResponse({ description: 'the members as they are now' })
  @ApiNotFoundResponse({ description: "'החבר לא נמצא'" })
  remove(@Param('slug') slug: string, @Param('memberId') memberId: string): Promise<BusinessMembers> {
    return this.removeMember(slug, memberId);
  }
}
