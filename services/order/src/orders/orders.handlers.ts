import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BatchGetRequest, BusinessPageRequest, DocumentsBeginCommand, DocumentsAbandonCommand, DocumentsFinishCommand, OrderIdNumberRequest, OrderNoticeRequest,
  OrderStatusUpdateCommand, Subjects, UserOrdersRequest,
  type BusinessOrdersPage, type DocumentsDelivery, type OrderNotice, type OrdersBatch, type OrderStatus, type UserOrdersResponse,
} from '@mc/contracts';
import { Caller, RequireBusiness, RequireUser } from '@mc/kit';
import { BusinessOrdersService } from './business-orders.service';
import { DocumentsService } from './documents.service';
import { OrdersReader } from './orders.reader';

/** The placed orders: the patient's, their documents, what notifications reads, and the pharmacy's; the user is always the verified caller, never a field of the payload. */
@Controller()
export class OrdersHandlers {
  constructor(
    @Inject(OrdersReader) private readonly reader: OrdersReader,
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    @Inject(BusinessOrdersService) private readonly business: BusinessOrdersService,
  ) {}

  @MessagePattern(Subjects.order.batchGet)
  @RequireUser()
  batch(@Caller() caller: Caller, @Payload() dto: BatchGetRequest): Promise<OrdersBatch> {
    return this.reader.batch(caller.userId, dto.uid);
  }

  @MessagePattern(Subjects.order.userOrders)
  @RequireUser()
  userOrders(@Caller() caller: Caller, @Payload() dto: UserOrdersRequest): Promise<UserOrdersResponse> {
    return this.reader.userOrders(caller.userId, dto.search, dto.page, dto.order);
  }

  @MessagePattern(Subjects.order.documentsBegin)
  @RequireUser()
  documentsBegin(@Caller() caller: Caller, @Payload() dto: DocumentsBeginCommand): Promise<DocumentsDelivery> {
    return this.documents.begin(caller, dto);
  }

  /** Notifications reports a delivery's outcome (the bus lets no other process send this subject). */
  @MessagePattern(Subjects.order.documentsFinish)
  documentsFinish(@Payload() dto: DocumentsFinishCommand): Promise<{ ok: true }> {
    return this.documents.finish(dto.deliveryId, dto.delivered);
  }

  /** The gateway could not hand the caller's documents to notifications: their delivery failed. */
  @MessagePattern(Subjects.order.documentsAbandon)
  @RequireUser()
  documentsAbandon(@Caller() caller: Caller, @Payload() dto: DocumentsAbandonCommand): Promise<{ ok: true }> {
    return this.documents.finish(dto.deliveryId, false, caller.userId);
  }

  /** What notifications tells the pharmacies and the patient. */
  @MessagePattern(Subjects.order.noticeGet)
  notice(@Payload() dto: OrderNoticeRequest): Promise<OrderNotice> {
    return this.reader.notice(dto.batchUid, dto.orderId);
  }

  /** The back office's order table (members of the pharmacy's business and admins; 404 for anything not a pharmacy). */
  @MessagePattern(Subjects.order.businessOrders)
  @RequireBusiness('businessId')
  businessOrders(@Caller() _caller: Caller, @Payload() dto: BusinessPageRequest): Promise<BusinessOrdersPage> {
    return this.business.list(dto.businessId, dto.page, dto.search);
  }

  @MessagePattern(Subjects.order.businessStatusUpdate)
  @RequireBusiness('businessId')
  statusUpdate(@Caller() caller: Caller, @Payload() dto: OrderStatusUpdateCommand): Promise<{ orders: { orderId: number; status: OrderStatus }[] }> {
    return this.business.updateStatuses(caller, dto.businessId, dto.orders.map(({ orderId, status }) => ({ orderId, status })));
  }

  @MessagePattern(Subjects.order.businessIdNumber)
  @RequireBusiness('businessId')
  idNumber(@Caller() caller: Caller, @Payload() dto: OrderIdNumberRequest): Promise<{ idNumber: string }> {
    return this.business.idNumber(caller, dto.businessId, dto.orderId);
  }
}
