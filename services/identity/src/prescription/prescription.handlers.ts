import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PrescriptionDto, Subjects, type PrescriptionResponse } from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { Prescriptions } from './prescription.service';

/** The signed-in user's own prescription: the caller comes from the verified token, never from the payload. */
@Controller()
export class PrescriptionHandlers {
  constructor(@Inject(Prescriptions) private readonly prescriptions: Prescriptions) {}

  @MessagePattern(Subjects.identity.prescriptionGet)
  @RequireUser()
  get(@Caller() caller: Caller): Promise<PrescriptionResponse> {
    return this.prescriptions.get(caller.token);
  }

  @MessagePattern(Subjects.identity.prescriptionSave)
  @RequireUser()
  save(@Caller() caller: Caller, @Payload() dto: PrescriptionDto): Promise<PrescriptionResponse> {
    return this.prescriptions.save(caller.token, dto);
  }

  @MessagePattern(Subjects.identity.prescriptionRemove)
  @RequireUser()
  remove(@Caller() caller: Caller): Promise<PrescriptionResponse> {
    return this.prescriptions.remove(caller.token);
  }
}
