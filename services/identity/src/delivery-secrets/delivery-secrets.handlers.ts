import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliverySecretRequest, Subjects, type DeliverySecret } from '@mc/contracts';
import { DeliverySecrets } from './delivery-secrets';

/** For notifications: the secret of a message it is sending, then forgetting it once sent. */
@Controller()
export class DeliverySecretHandlers {
  constructor(@Inject(DeliverySecrets) private readonly secrets: DeliverySecrets) {}

  @MessagePattern(Subjects.identity.deliverySecretGet)
  get(@Payload() dto: DeliverySecretRequest): Promise<DeliverySecret> {
    return this.secrets.get(dto.secretRef);
  }

  @MessagePattern(Subjects.identity.deliverySecretForget)
  forget(@Payload() dto: DeliverySecretRequest): Promise<{ ok: true }> {
    return this.secrets.forget(dto.secretRef);
  }
}
