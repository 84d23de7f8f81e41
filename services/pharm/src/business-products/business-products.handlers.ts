import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BusinessItemRequest, BusinessPageRequest, PharmProductCreateCommand, PharmProductsUpdateCommand, Subjects,
  type BusinessPharmProduct, type BusinessPharmProductsPage, type BusinessProductOptionsPage,
} from '@mc/contracts';
import { RequireBusiness } from '@mc/kit';
import { BusinessProductsReader } from './business-products.reader';
import { BusinessProductsWriter } from './business-products.writer';

/**
 * The back office's products (spec §7): members of the pharmacy's business and admins only (`@RequireBusiness()` on
 * the payload's `businessId`); a business that is not a pharmacy pharm knows is 404. Every offer change goes through
 * BusinessProductsWriter and OfferChanges, so `evt.pharm.offers.changed` carries it to the storefront.
 */
@Controller()
@RequireBusiness()
export class BusinessProductsHandlers {
  constructor(
    @Inject(BusinessProductsReader) private readonly reader: BusinessProductsReader,
    @Inject(BusinessProductsWriter) private readonly writer: BusinessProductsWriter,
  ) {}

  @MessagePattern(Subjects.pharm.businessProducts)
  list(@Payload() request: BusinessPageRequest): Promise<BusinessPharmProductsPage> {
    return this.reader.list(request);
  }

  @MessagePattern(Subjects.pharm.businessProductGet)
  get(@Payload() request: BusinessItemRequest): Promise<{ pharmProduct: BusinessPharmProduct }> {
    return this.reader.get(request);
  }

  @MessagePattern(Subjects.pharm.businessProductOptions)
  options(@Payload() request: BusinessPageRequest): Promise<BusinessProductOptionsPage> {
    return this.reader.options(request);
  }

  @MessagePattern(Subjects.pharm.businessProductCreate)
  async create(@Payload() command: PharmProductCreateCommand): Promise<{ pharmProduct: BusinessPharmProduct }> {
    const pharm = await this.reader.pharmOr404(command.businessId);
    const row = await this.writer.createForBusiness(pharm, command);
    return { pharmProduct: await this.reader.offerOr404(pharm, row.id) };
  }

  @MessagePattern(Subjects.pharm.businessProductsUpdate)
  async update(@Payload() command: PharmProductsUpdateCommand): Promise<{ pharmProducts: BusinessPharmProduct[] }> {
    const pharm = await this.reader.pharmOr404(command.businessId);
    const rows = await this.writer.editForBusiness(pharm, command.pharmProducts);
    return { pharmProducts: await this.reader.offers(pharm, rows.map((r) => r.id)) };
  }

  @MessagePattern(Subjects.pharm.businessProductRemove)
  async remove(@Payload() request: BusinessItemRequest): Promise<{ ok: true }> {
    const pharm = await this.reader.pharmOr404(request.businessId);
    await this.writer.removeForBusiness(pharm, request.id);
    return { ok: true };
  }

  @MessagePattern(Subjects.pharm.businessProductBump)
  async bump(@Payload() request: BusinessItemRequest): Promise<{ pharmProduct: BusinessPharmProduct }> {
    const pharm = await this.reader.pharmOr404(request.businessId);
    const row = await this.writer.bumpForBusiness(pharm, request.id);
    return { pharmProduct: await this.reader.offerOr404(pharm, row.id) };
  }

  /** Issue 17: the owner confirms the offer's price and stock unchanged (they stay shown as in stock for 72 hours more). */
  @MessagePattern(Subjects.pharm.businessProductConfirm)
  async confirm(@Payload() request: BusinessItemRequest): Promise<{ pharmProduct: BusinessPharmProduct }> {
    const pharm = await this.reader.pharmOr404(request.businessId);
    const [row] = await this.writer.confirmForBusiness(pharm, [request.id]);
    return { pharmProduct: await this.reader.offerOr404(pharm, row.id) };
  }
}
