import { Controller, Get, Header, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Subjects, type AuditAction, type AuditPage, type ManagedUser, type ManagedUsersPage } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { asNumber, asText } from '../http/query-values';
import { AdminGuard } from './admin.guard';

/**
 * The operator's accounts and record (identity), with each account's order count (order). Admins only, here and in
 * identity. An account's page never holds its ID numbers, documents, prescription or addresses.
 */
@ApiTags('manage')
@Controller('manage')
@UseGuards(AuthGuard('jwt'), AdminGuard)
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'no valid token' })
@ApiForbiddenResponse({ description: 'not an admin' })
export class ManageUsersController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('users')
  @Header('cache-control', 'no-store')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false, description: 'a name, an e-mail or a phone' })
  @ApiOkResponse({ description: '{ users: [{ id, firstName, lastName, email, phone, status, role, createdAt, lastSignedAt }], total, perPage, currentPage }' })
  users(@Query() query: Record<string, unknown>): Promise<ManagedUsersPage> {
    return this.clients.get('identity').send(Subjects.identity.manageUsers, { page: asNumber(query.page), search: asText(query.search) });
  }

  @Get('users/:id')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ description: 'the account: state, sign-in methods, memberships and its order count' })
  @ApiNotFoundResponse({ description: "'המשתמש לא נמצא'" })
  user(@Param('id') id: string): Promise<ManagedUser> {
    return this.withOrdersCount(this.clients.get('identity').send(Subjects.identity.manageUserGet, { userId: asNumber(id) as number }));
  }

  @Post('users/:id/block')
  @HttpCode(200)
  @ApiOkResponse({ description: "the account, blocked: it cannot sign in by any method and its sessions end ('המשתמש נחסם. אנא פנה למנהל המערכת.')" })
  @ApiForbiddenResponse({ description: "an admin's account ('לא ניתן לחסום מנהל מערכת')" })
  @ApiNotFoundResponse({ description: "'המשתמש לא נמצא'" })
  block(@Param('id') id: string): Promise<ManagedUser> {
    return this.withOrdersCount(this.clients.get('identity').send(Subjects.identity.manageUserBlock, { userId: asNumber(id) as number }));
  }

  @Post('users/:id/unblock')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the account, as it was before it was blocked' })
  @ApiNotFoundResponse({ description: "'המשתמש לא נמצא'" })
  unblock(@Param('id') id: string): Promise<ManagedUser> {
    return this.withOrdersCount(this.clients.get('identity').send(Subjects.identity.manageUserUnblock, { userId: asNumber(id) as number }));
  }

  @Post('users/:id/resend-activation')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ ok: true }: the activation e-mail is sent again' })
  @ApiConflictResponse({ description: "the account is already active ('החשבון כבר הופעל')" })
  resendActivation(@Param('id') id: string): Promise<{ ok: true }> {
    return this.clients.get('identity').send(Subjects.identity.manageResendActivation, { userId: asNumber(id) as number });
  }

  @Get('audit')
  @Header('cache-control', 'no-store')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false, description: 'the actor, the target or the action' })
  @ApiQuery({ name: 'action', required: false })
  @ApiOkResponse({ description: '{ entries: [{ id, at, action, actor, targetKind, targetId, targetLabel, before, after }], total, perPage, currentPage }, newest first' })
  audit(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.clients.get('identity').send(Subjects.identity.manageAudit, {
      page: asNumber(query.page), search: asText(query.search), action: asText(query.action) as AuditAction | undefined,
    });
  }

  /** The account with its order count (order's); without order, the account alone. */
  private async withOrdersCount(account: Promise<ManagedUser>): Promise<ManagedUser> {
    const user = await account;
    const counts = await this.clients.get('order').send(Subjects.order.manageUserCounts, { userIds: [user.id] }).then((r) => r.counts, () => null);
    return counts ? { ...user, ordersCount: counts[String(user.id)] ?? 0 } : user;
  }
}
