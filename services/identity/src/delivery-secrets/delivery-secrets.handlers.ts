import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliverySecretRequest, ManageMessages, Subjects, UserContactRequest, type DeliverySecret, type UserContact } from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { DeliverySecrets } from './delivery-secrets';

/** For notifications: the secret of a message it is sending, then forgetting it once sent; where a user's alert goes. */
@Controller()
export class DeliverySecretHandlers {
  constructor(
    @Inject(DeliverySecrets) private readonly secrets: DeliverySecrets,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** The account's e-mail and phone for an alert's message (issue 31); `active` false: nothing is to be sent. */
  @MessagePattern(Subjects.identity.userContact)
  async contact(@Payload() dto: UserContactRequest): Promise<UserContact> {
    const [user] = await this.db.select({ email: users.email, phone: users.phone, firstName: users.firstName, status: users.status })
      .from(users).where(eq(users.id, dto.userId));
    if (!user) throw notFound(ManageMessages.userNotFound);
    return { email: user.email, phone: user.phone, firstName: user.firstName, active: user.status === 'active' };
  }

  @MessagePattern(Subjects.identity.deliverySecretGet)
  get(@Payload() dto: DeliverySecretRequest): Promise<DeliverySecret> {
    return this.secrets.get(dto.secretRef);
  }

  @MessagePattern(Subjects.identity.deliverySecretForget)
  forget(@Payload() dto: DeliverySecretRequest): Promise<{ ok: true }> {
    return this.secrets.forget(dto.secretRef);
  }
}
