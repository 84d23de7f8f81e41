import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AlertCreateDto, AlertDeleteRequest, AlertNoticeRequest, AlertUnsubscribeDto, OfferHistoryRequest, PriceHistoryRequest, Subjects,
  type AlertNotice, type OfferHistory, type PriceAlert, type PriceAlertsResponse, type PriceHistory,
} from '@mc/contracts';
import { Caller, RequireBusiness, RequireUser } from '@mc/kit';
import { AlertsService } from './alerts.service';
import { PriceHistoryReader } from './price-history.reader';

/** A product's price chart (anyone), the patient's own alerts (signed in), the signed unsubscribe (anyone with the token), and notifications' notice. */
@Controller()
export class AlertsHandlers {
  constructor(
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(PriceHistoryReader) private readonly history: PriceHistoryReader,
  ) {}

  @MessagePattern(Subjects.pharm.priceHistoryGet)
  priceHistory(@Payload() request: PriceHistoryRequest): Promise<PriceHistory> {
    return this.history.product(request);
  }

  @MessagePattern(Subjects.pharm.alertList)
  @RequireUser()
  list(@Caller() caller: Caller): Promise<PriceAlertsResponse> {
    return this.alerts.list(caller.userId);
  }

  @MessagePattern(Subjects.pharm.alertCreate)
  @RequireUser()
  create(@Caller() caller: Caller, @Payload() dto: AlertCreateDto): Promise<PriceAlert> {
    return this.alerts.create(caller, dto);
  }

  @MessagePattern(Subjects.pharm.alertDelete)
  @RequireUser()
  remove(@Caller() caller: Caller, @Payload() request: AlertDeleteRequest): Promise<{ ok: true }> {
    return this.alerts.remove(caller.userId, request.id);
  }

  @MessagePattern(Subjects.pharm.alertUnsubscribe)
  unsubscribe(@Payload() dto: AlertUnsubscribeDto): Promise<{ ok: true }> {
    return this.alerts.unsubscribe(dto.token);
  }

  @MessagePattern(Subjects.pharm.alertNotice)
  notice(@Payload() request: AlertNoticeRequest): Promise<AlertNotice> {
    return this.alerts.notice(request.alertId);
  }
}

/** The back office's history of one offer (members of the pharmacy's business and admins). */
@Controller()
@RequireBusiness()
export class OfferHistoryHandlers {
  constructor(@Inject(PriceHistoryReader) private readonly history: PriceHistoryReader) {}

  @MessagePattern(Subjects.pharm.businessProductHistory)
  offerHistory(@Payload() request: OfferHistoryRequest): Promise<OfferHistory> {
    return this.history.offer(request);
  }
}
