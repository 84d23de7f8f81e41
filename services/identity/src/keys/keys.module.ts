import { Module } from '@nestjs/common';
import { ACCESS_TOKEN_VERIFIER } from '@mc/kit';
import { KeysHandlers } from './keys.handlers';
import { SigningKeys } from './signing-keys';

@Module({
  controllers: [KeysHandlers],
  // Identity signs the access tokens: it verifies its callers with its own keys, not over NATS.
  providers: [SigningKeys, { provide: ACCESS_TOKEN_VERIFIER, useExisting: SigningKeys }],
  exports: [SigningKeys, ACCESS_TOKEN_VERIFIER],
})
export class KeysModule {}
