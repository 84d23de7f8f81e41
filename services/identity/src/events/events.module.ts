import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountAsks } from './account-asks.consumer';

/** What identity consumes: its own `evt.identity.*.asked` events (the work done after answering). */
@Module({ imports: [AuthModule], providers: [AccountAsks] })
export class EventsModule {}
