import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects, type SigningKeysResponse } from '@mc/contracts';
import { SigningKeys } from './signing-keys';

/** The public halves of the signing keys, for every verifier of access tokens (the gateway and the kit). */
@Controller()
export class KeysHandlers {
  constructor(@Inject(SigningKeys) private readonly keys: SigningKeys) {}

  @MessagePattern(Subjects.identity.keysGet)
  publicKeys(): SigningKeysResponse {
    return this.keys.publicKeys();
  }
}
