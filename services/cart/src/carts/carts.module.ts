import { Module } from '@nestjs/common';
import { CartsHandlers } from './carts.handlers';
import { CartsService } from './carts.service';

@Module({ controllers: [CartsHandlers], providers: [CartsService], exports: [CartsService] })
export class CartsModule {}
