import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CompanyListRequest, CompanyPageRequest, CompanyPeriodRequest, CompanyRequest, CompanySupplyCommand, Subjects,
  type Company, type CompanyListPage, type CompanyProductsPage, type ProductSupply, type SupplyEditsPage,
} from '@mc/contracts';
import { Caller, RequireCompany, RequireUser } from '@mc/kit';
import { CompaniesReader } from './companies.reader';
import { CompaniesWriter } from './companies.writer';

/**
 * Cannabis companies (issue 29). The list is the caller's (any signed-in manager or admin); every other subject needs
 * the business access token of that one company (`@RequireCompany()` on the payload's `slug`), and a slug that names
 * no company is 404 (an admin's token may name any).
 */
@Controller()
export class CompaniesHandlers {
  constructor(
    @Inject(CompaniesReader) private readonly reader: CompaniesReader,
    @Inject(CompaniesWriter) private readonly writer: CompaniesWriter,
  ) {}

  @RequireUser()
  @MessagePattern(Subjects.catalog.companyList)
  list(@Caller() caller: Caller, @Payload() request: CompanyListRequest): Promise<CompanyListPage> {
    return this.reader.list(caller, request);
  }

  @RequireCompany()
  @MessagePattern(Subjects.catalog.companyGet)
  get(@Payload() request: CompanyRequest): Promise<Company> {
    return this.reader.companyOr404(request.slug);
  }

  @RequireCompany()
  @MessagePattern(Subjects.catalog.companyProducts)
  products(@Payload() request: CompanyPageRequest): Promise<CompanyProductsPage> {
    return this.reader.products(request);
  }

  @RequireCompany()
  @MessagePattern(Subjects.catalog.companySupplyUpdate)
  async updateSupply(@Caller() caller: Caller, @Payload() command: CompanySupplyCommand): Promise<ProductSupply> {
    await this.reader.companyOr404(command.slug);
    return this.writer.updateSupply(command, caller.userId);
  }

  @RequireCompany()
  @MessagePattern(Subjects.catalog.companySupplyEdits)
  supplyEdits(@Payload() request: CompanyPeriodRequest): Promise<SupplyEditsPage> {
    return this.reader.supplyEdits(request);
  }
}
