import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PrescriptionHandlers } from './prescription.handlers';
import { Prescriptions } from './prescription.service';

@Module({ imports: [AccountsModule], controllers: [PrescriptionHandlers], providers: [Prescriptions] })
export class PrescriptionModule {}
