import { Module } from '@nestjs/common';
import { DeliverySecretHandlers } from './delivery-secrets.handlers';
import { DeliverySecrets } from './delivery-secrets';

/** The secrets of messages being delivered (link tokens, SMS codes), kept apart from the events that ask for them. */
@Module({ controllers: [DeliverySecretHandlers], providers: [DeliverySecrets], exports: [DeliverySecrets] })
export class DeliverySecretsModule {}
