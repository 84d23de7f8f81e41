import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log';

/** The record of admin actions: written by identity's actions and from the other services' events; read by the console. */
@Module({ providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
