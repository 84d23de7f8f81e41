import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuditListRequest, ManageUserListRequest, ManageUserRequest, MemberAddCommand, MemberRemoveCommand, MembersRequest, Subjects,
  type AuditPage, type BusinessMembers, type ManagedUser, type ManagedUsersPage,
} from '@mc/contracts';
import { Caller, RequireAdmin } from '@mc/kit';
import { AuditLog } from '../audit/audit-log';
import { ManageMembers } from './members.service';
import { ManageUsers } from './users.service';

/** The operator's console on identity's side (issue 30): accounts, memberships and invitations, the record. Admins only. */
@Controller()
@RequireAdmin()
export class ManageHandlers {
  constructor(
    @Inject(ManageUsers) private readonly users: ManageUsers,
    @Inject(ManageMembers) private readonly members: ManageMembers,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @MessagePattern(Subjects.identity.manageUsers)
  list(@Payload() dto: ManageUserListRequest): Promise<ManagedUsersPage> {
    return this.users.list(dto);
  }

  @MessagePattern(Subjects.identity.manageUserGet)
  get(@Payload() dto: ManageUserRequest): Promise<ManagedUser> {
    return this.users.get(dto.userId);
  }

  @MessagePattern(Subjects.identity.manageUserBlock)
  block(@Caller() caller: Caller, @Payload() dto: ManageUserRequest): Promise<ManagedUser> {
    return this.users.block(caller, dto.userId);
  }

  @MessagePattern(Subjects.identity.manageUserUnblock)
  unblock(@Caller() caller: Caller, @Payload() dto: ManageUserRequest): Promise<ManagedUser> {
    return this.users.unblock(caller, dto.userId);
  }

  @MessagePattern(Subjects.identity.manageResendActivation)
  resendActivation(@Caller() caller: Caller, @Payload() dto: ManageUserRequest): Promise<{ ok: true }> {
    return this.users.resendActivation(caller, dto.userId);
  }

  @MessagePattern(Subjects.identity.manageMembers)
  membersOf(@Payload() dto: MembersRequest): Promise<BusinessMembers> {
    return this.members.list(dto);
  }

  @MessagePattern(Subjects.identity.manageMemberAdd)
  addMember(@Caller() caller: Caller, @Payload() dto: MemberAddCommand): Promise<BusinessMembers> {
    return this.members.add(caller, dto);
  }

  @MessagePattern(Subjects.identity.manageMemberRemove)
  removeMember(@Caller() caller: Caller, @Payload() dto: MemberRemoveCommand): Promise<BusinessMembers> {
    return this.members.remove(caller, dto);
  }

  @MessagePattern(Subjects.identity.manageAudit)
  auditList(@Payload() dto: AuditListRequest): Promise<AuditPage> {
    return this.audit.list(dto);
  }
}
