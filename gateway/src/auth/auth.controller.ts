import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Injectable, Param, Patch, Post, Put, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  ActivateRequest, AddressDto, ChangePasswordRequest, FavoriteDto, ForgotPasswordDto, GeoLocationDto, PhoneSignInDto, ResetPasswordRequest, SignInDto, SignUpDto,
  SmsVerifyDto, UnsubscribeDto, UserSettingsDto, Subjects, type Address, type AuthTokenResponse, type BusinessesResponse, type FavoritesResponse,
  type RequestOf, type RequestSubject, type ResponseOf, type UserProfile,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import type { FastifyReply } from 'fastify';
import { GatewayEnv } from '../config';
import type { SignedInUser } from './jwt.strategy';
import { clearedSessionCookie, secureSessionCookie, sessionCookieValue, SetSessionCookie } from './session-cookie';

/** Lets an anonymous request through (`request.user` stays unset); a valid token is taken as with `AuthGuard('jwt')`. */
@Injectable()
class AnySessionGuard extends AuthGuard('jwt') {
  override handleRequest<T>(_err: unknown, user: T): T {
    return (user || undefined) as T;
  }
}

/** `GET /api/auth/session`: who is signed in, as the page learns it (it never reads the HttpOnly cookie). */
export interface SessionResponse {
  session: { sub: string; role: SignedInUser['role']; exp: number; auth_time?: number } | null;
}

/** Guards against guessing passwords and flooding inboxes (not spec rules; each answers 429 in Hebrew). */
const AUTH_LIMITS = {
  signInPerAccount: { name: 'signin', per: 'body:email', count: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { name: 'signin-ip', per: 'client', count: 50, windowSeconds: 15 * 60 },
  emailsPerAddress: { name: 'auth-email', per: 'client', count: 10, windowSeconds: 15 * 60 },
  // Many clients together cannot flood one inbox (the answer is the same whether or not the e-mail has an account).
  emailsPerRecipient: { name: 'auth-email-to', per: 'body:email', count: 5, windowSeconds: 60 * 60 },
  smsChecksPerPhone: { name: 'sms-verify', per: 'body:phone', count: 10, windowSeconds: 15 * 60 },
  signUpsPerAddress: { name: 'signup', per: 'client', count: 20, windowSeconds: 60 * 60 },
  // Sign-up tells whether an address is taken (the spec's message): probing one address is limited too.
  signUpsPerEmail: { name: 'signup-email', per: 'body:email', count: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Calls that hash a password (argon2): identity queues them under load, so they get longer than the usual call timeout. */
const HASHING_TIMEOUT_MS = 10_000;

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients, @Inject(GatewayEnv) private readonly env: GatewayEnv) {}

  /** Bodies go to identity as they came (`forwarded`): identity validates them with the same DTOs. */
  private identity<S extends RequestSubject>(subject: S, body: RequestOf<S>, timeoutMs?: number): Promise<ResponseOf<S>> {
    return this.clients.get('identity').send(subject, body, timeoutMs);
  }

  @Post('signup')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the account is created pending activation; the activation e-mail is on its way' })
  @ApiBadRequestResponse({ description: "a field of spec 5 with its Hebrew message, or 'הדוא״ל שבחרת כבר נמצא בשימוש'" })
  @ApiTooManyRequestsResponse({ description: 'too many sign-ups from this address, or for this e-mail' })
  @RateLimit(AUTH_LIMITS.signUpsPerAddress)
  @RateLimit(AUTH_LIMITS.signUpsPerEmail)
  @RequestBody(SignUpDto)
  signUp(@Body() body: SignUpDto | undefined) {
    return this.identity(Subjects.identity.signUp, forwarded(body), HASHING_TIMEOUT_MS);
  }

  @UseInterceptors(SetSessionCookie)
  @Post('activate')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ jwt }: the account is active and signed in' })
  @ApiBadRequestResponse({ description: 'the link was used already, or is unknown or expired' })
  @RequestBody(ActivateRequest)
  activate(@Body() body: ActivateRequest | undefined): Promise<AuthTokenResponse> {
    return this.identity(Subjects.identity.activate, forwarded(body));
  }

  @Post('resend-activation')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the same answer whether or not the e-mail has a pending account' })
  @ApiTooManyRequestsResponse({ description: 'too many e-mails asked from one address, or to this e-mail' })
  @RateLimit(AUTH_LIMITS.emailsPerAddress)
  @RateLimit(AUTH_LIMITS.emailsPerRecipient)
  @RequestBody(ForgotPasswordDto)
  resendActivation(@Body() body: ForgotPasswordDto | undefined) {
    return this.identity(Subjects.identity.resendActivation, forwarded(body));
  }

  @UseInterceptors(SetSessionCookie)
  @Post('signin')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ jwt }' })
  @ApiUnauthorizedResponse({ description: "'הדוא״ל או הסיסמה אינם נכונים'" })
  @ApiForbiddenResponse({ description: 'the account is pending activation, or disabled' })
  @ApiTooManyRequestsResponse({ description: 'too many attempts for this e-mail or from this address' })
  @RateLimit(AUTH_LIMITS.signInPerAddress)
  @RateLimit(AUTH_LIMITS.signInPerAccount)
  @RequestBody(SignInDto)
  signIn(@Body() body: SignInDto | undefined): Promise<AuthTokenResponse> {
    return this.identity(Subjects.identity.signIn, forwarded(body), HASHING_TIMEOUT_MS);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOkResponse({ description: 'always the same answer (it never tells whether the e-mail has an account)' })
  @ApiTooManyRequestsResponse({ description: 'too many e-mails asked from one address, or to this e-mail' })
  @RateLimit(AUTH_LIMITS.emailsPerAddress)
  @RateLimit(AUTH_LIMITS.emailsPerRecipient)
  @RequestBody(ForgotPasswordDto)
  forgotPassword(@Body() body: ForgotPasswordDto | undefined) {
    return this.identity(Subjects.identity.forgotPassword, forwarded(body));
  }

  @UseInterceptors(SetSessionCookie)
  @Post('reset-password')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ jwt }: the new password is set and older sessions end' })
  @ApiUnauthorizedResponse({ description: "'הקישור לא קיים או פג תוקף'" })
  @RequestBody(ResetPasswordRequest)
  resetPassword(@Body() body: ResetPasswordRequest | undefined): Promise<AuthTokenResponse> {
    return this.identity(Subjects.identity.resetPassword, forwarded(body), HASHING_TIMEOUT_MS);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOkResponse({ description: "'בקשתך להסרה מרשימת התפוצה נשלחה בהצלחה.' (with the e-mailed link's `sig`: the same whether or not anyone matched)" })
  @ApiBadRequestResponse({ description: 'neither a valid e-mail nor a valid phone' })
  @ApiUnauthorizedResponse({ description: 'no `sig` and not signed in' })
  @ApiForbiddenResponse({ description: 'a wrong `sig`, or signed in as someone else' })
  @RateLimit(AUTH_LIMITS.emailsPerAddress)
  @RequestBody(UnsubscribeDto)
  unsubscribe(@Body() body: UnsubscribeDto | undefined, @Headers('authorization') authorization?: string, @Headers('cookie') cookie?: string) {
    // The e-mailed link's signature (`sig`) or the token (bearer or session cookie) of the address's owner; identity checks either.
    const bearer = (authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined) ?? sessionCookieValue(cookie);
    return this.identity(Subjects.identity.unsubscribe, { ...forwarded(body), token: bearer });
  }

  @Post('sms/request')
  @HttpCode(200)
  @ApiOkResponse({ description: 'a 4-digit code is texted to the phone if it belongs to an account (the same answer either way)' })
  @ApiBadRequestResponse({ description: "'שדה טלפון לא תקין'" })
  @ApiTooManyRequestsResponse({ description: 'a new code within 30 s of the last, or too many texts from one address' })
  @RateLimit(AUTH_LIMITS.emailsPerAddress)
  @RequestBody(PhoneSignInDto)
  smsRequest(@Body() body: PhoneSignInDto | undefined) {
    return this.identity(Subjects.identity.smsRequest, forwarded(body));
  }

  @UseInterceptors(SetSessionCookie)
  @Post('sms/verify')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ jwt }' })
  @ApiBadRequestResponse({ description: "'הקוד אינו תקין'" })
  @ApiTooManyRequestsResponse({ description: 'too many tries for this phone or from this address' })
  @RateLimit(AUTH_LIMITS.signInPerAddress)
  @RateLimit(AUTH_LIMITS.smsChecksPerPhone)
  @RequestBody(SmsVerifyDto)
  smsVerify(@Body() body: SmsVerifyDto | undefined): Promise<AuthTokenResponse> {
    return this.identity(Subjects.identity.smsVerify, forwarded(body));
  }

  @UseInterceptors(SetSessionCookie)
  @Post('refresh')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: '{ jwt }: a fresh token' })
  @ApiUnauthorizedResponse({ description: 'no valid token, or the account signed out everywhere or changed its password' })
  refresh(): Promise<AuthTokenResponse> {
    return this.identity(Subjects.identity.refresh, {});
  }

  @Post('signout')
  @HttpCode(200)
  @UseGuards(AnySessionGuard)
  @ApiOkResponse({ description: '{ ok: true }: every session of the account ends (its older tokens are refused everywhere within seconds) and the session cookie is cleared; without a valid token only the cookie is cleared' })
  async signOut(@Req() request: { user?: SignedInUser }, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ok: true }> {
    void reply.header('set-cookie', clearedSessionCookie(secureSessionCookie(this.env)));
    if (request.user) await this.identity(Subjects.identity.signOut, {});
    return { ok: true };
  }

  @Get('session')
  @UseGuards(AnySessionGuard)
  @ApiOkResponse({ description: '{ session }: the signed-in user (subject, role, expiry and session start of the token), or null' })
  session(@Req() request: { user?: SignedInUser }): SessionResponse {
    const claims = request.user?.claims;
    return { session: claims ? { sub: claims.sub, role: claims.role, exp: claims.exp, auth_time: claims.auth_time } : null };
  }
}

@ApiTags('user')
@Controller('user')
export class UserController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the signed-in user and their addresses' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  async get(): Promise<{ user: UserProfile; addresses: Address[] }> {
    const identity = this.clients.get('identity');
    const [user, book] = await Promise.all([
      identity.send(Subjects.identity.userGet, {}),
      identity.send(Subjects.identity.addressList, {}),
    ]);
    return { user, addresses: book.addresses };
  }

  @Put('geo')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the position { lat, lng } is kept' })
  @ApiBadRequestResponse({ description: 'not a position' })
  @RequestBody(GeoLocationDto)
  storeGeoLocation(@Req() request: { user: SignedInUser }, @Body() body: GeoLocationDto | undefined): Promise<{ ok: true }> {
    const { lat, lng } = forwarded(body);
    return this.clients.get('identity').send(Subjects.identity.userGeo, { lat, lng });
  }

  @Post('addresses')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the addresses after adding one (the first, or one marked isDefault, is the default)' })
  @ApiBadRequestResponse({ description: "'יש להזין כתובת תקנית עם רחוב ועיר …', a missing house number, or 20 addresses already" })
  @RequestBody(AddressDto)
  addAddress(@Req() request: { user: SignedInUser }, @Body() body: AddressDto | undefined): Promise<{ addresses: Address[] }> {
    return this.clients.get('identity').send(Subjects.identity.addressCreate, { ...forwarded(body) });
  }

  @Patch('addresses/:id')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the addresses after the change' })
  @ApiNotFoundResponse({ description: "not one of the user's addresses" })
  @RequestBody(AddressDto)
  updateAddress(@Req() request: { user: SignedInUser }, @Param('id') id: string, @Body() body: AddressDto | undefined): Promise<{ addresses: Address[] }> {
    return this.clients.get('identity').send(Subjects.identity.addressUpdate, { ...forwarded(body), id: Number(id) });
  }

  @Delete('addresses/:id')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the addresses after removing one (a removed default passes to the newest)' })
  @ApiNotFoundResponse({ description: "not one of the user's addresses" })
  removeAddress(@Req() request: { user: SignedInUser }, @Param('id') id: string): Promise<{ addresses: Address[] }> {
    return this.clients.get('identity').send(Subjects.identity.addressRemove, { id: Number(id) });
  }

  @Patch()
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the updated user (names, phone, newsletter; the e-mail is not changed here)' })
  @ApiBadRequestResponse({ description: "a field of spec 5 with its Hebrew message" })
  @RequestBody(UserSettingsDto)
  async update(@Req() request: { user: SignedInUser }, @Body() body: UserSettingsDto | undefined): Promise<{ user: UserProfile }> {
    const user = await this.clients.get('identity').send(Subjects.identity.userUpdate, { ...forwarded(body) });
    return { user };
  }

  @UseInterceptors(SetSessionCookie)
  @Post('password')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: '{ jwt }: the password changed; other sessions end' })
  @ApiBadRequestResponse({ description: "'הסיסמה הנוכחית שגויה', or a new password under 8 characters" })
  @RequestBody(ChangePasswordRequest)
  changePassword(@Req() request: { user: SignedInUser }, @Body() body: ChangePasswordRequest | undefined): Promise<AuthTokenResponse> {
    return this.clients.get('identity').send(Subjects.identity.passwordChange, { ...forwarded(body) }, HASHING_TIMEOUT_MS);
  }

  @Get('favorites')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the favourite products, newest first (a product the catalogue no longer lists is left out)' })
  async favorites(): Promise<FavoritesResponse> {
    const { productSlugs } = await this.clients.get('identity').send(Subjects.identity.favoritesList, {});
    return this.withProducts(productSlugs);
  }

  @Post('favorites')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the favourites after adding { productSlug } (adding twice keeps one)' })
  @RequestBody(FavoriteDto)
  async addFavorite(@Body() body: FavoriteDto | undefined): Promise<FavoritesResponse> {
    const { productSlug } = forwarded(body);
    // Only products the catalogue lists (404 otherwise); a slug that is not a string is identity's to refuse (400).
    if (typeof productSlug === 'string') await this.clients.get('catalog').read(Subjects.catalog.productGet, { slug: productSlug });
    const { productSlugs } = await this.clients.get('identity').send(Subjects.identity.favoriteAdd, { productSlug });
    return this.withProducts(productSlugs);
  }

  @Delete('favorites/:productSlug')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the favourites after removing one' })
  async removeFavorite(@Req() request: { user: SignedInUser }, @Param('productSlug') productSlug: string): Promise<FavoritesResponse> {
    const { productSlugs } = await this.clients.get('identity').send(Subjects.identity.favoriteRemove, { productSlug });
    return this.withProducts(productSlugs);
  }

  private async withProducts(productSlugs: string[]): Promise<FavoritesResponse> {
    const products = await Promise.all(productSlugs.map((slug) =>
      this.clients.get('catalog').read(Subjects.catalog.productGet, { slug })
        .then((detail) => detail.product, (err: { status?: number }) => { if (err.status === 404) return undefined; throw err; })));
    return { favorites: productSlugs.flatMap((productSlug, i) => (products[i] ? [{ productSlug, product: products[i] }] : [])) };
  }

  @Get('businesses')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'the pharmacies and cannabis companies a manager runs (none for other users)' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  businesses(): Promise<BusinessesResponse> {
    return this.clients.get('identity').send(Subjects.identity.userBusinesses, {});
  }
}

/** accessBusiness (API.md): a business access token for a pharmacy or cannabis company the signed-in user runs. */
@ApiTags('businesses')
@Controller('businesses')
export class BusinessesController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Post(':businessId/access')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: '`{ jwt }`: a business access token, valid for 5 minutes (it names a membership), for the back office of that business' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiForbiddenResponse({ description: 'the user manages no business' })
  @ApiNotFoundResponse({ description: 'the user has no part in that business' })
  access(@Req() request: { user: SignedInUser }, @Param('businessId') businessId: string): Promise<AuthTokenResponse> {
    return this.clients.get('identity').send(Subjects.identity.businessAccess, { businessId });
  }
}
