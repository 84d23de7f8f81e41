import { Module } from '@nestjs/common';
import { CheckoutHandlers } from './checkout.handlers';
import { CheckoutReader } from './checkout.reader';

@Module({ controllers: [CheckoutHandlers], providers: [CheckoutReader], exports: [CheckoutReader] })
export class CheckoutModule {}
