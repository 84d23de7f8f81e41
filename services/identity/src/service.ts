import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { AccountsModule } from './accounts/accounts.module';
import { AddressesModule } from './addresses/addresses.module';
import { AuthModule } from './auth/auth.module';
import { BusinessesModule } from './businesses/businesses.module';
import { IdentityEnv } from './config';
import { inbox, outbox } from './db/schema';
import { DeliverySecretsModule } from './delivery-secrets/delivery-secrets.module';
import { EventsModule } from './events/events.module';
import { FavouritesModule } from './favourites/favourites.module';
import { ManageModule } from './manage/manage.module';
import { PrescriptionModule } from './prescription/prescription.module';
import { ProfileModule } from './profile/profile.module';

export const identityService: ServiceDefinition<IdentityEnv> = {
  name: 'identity',
  env: IdentityEnv,
  schema: 'identity',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [AccountsModule, AuthModule, ProfileModule, FavouritesModule, BusinessesModule, AddressesModule, DeliverySecretsModule, PrescriptionModule, EventsModule, ManageModule],
  ownAccessTokenVerifier: true,
};
