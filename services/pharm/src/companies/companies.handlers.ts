import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CompanyMarketRequest, CompanyPeriodRequest, CompanyReportRequest, CompanyRequest, PricesReportRequest, Subjects,
  type CompanyFigures, type CompanyMarket, type PricesReportPage, type StockHistory, type StockReportPage,
} from '@mc/contracts';
import { RequireAdmin, RequireCompany } from '@mc/kit';
import { CompaniesReader } from './companies.reader';

/**
 * A cannabis company's market (issue 29): only the business access token of that one company (`@RequireCompany()`
 * on the payload's `slug`); the prices report is the admins' (an ordinary admin token).
 */
@Controller()
export class CompaniesHandlers {
  constructor(@Inject(CompaniesReader) private readonly reader: CompaniesReader) {}

  @MessagePattern(Subjects.pharm.companyFigures)
  @RequireCompany()
  figures(@Payload() request: CompanyRequest): Promise<CompanyFigures> {
    return this.reader.figures(request);
  }

  @MessagePattern(Subjects.pharm.companyMarket)
  @RequireCompany()
  market(@Payload() request: CompanyMarketRequest): Promise<CompanyMarket> {
    return this.reader.market(request);
  }

  @MessagePattern(Subjects.pharm.companyStockHistory)
  @RequireCompany()
  stockHistory(@Payload() request: CompanyPeriodRequest): Promise<StockHistory> {
    return this.reader.stockHistory(request);
  }

  @MessagePattern(Subjects.pharm.companyStockReport)
  @RequireCompany()
  stockReport(@Payload() request: CompanyReportRequest): Promise<StockReportPage> {
    return this.reader.stockReport(request);
  }

  @MessagePattern(Subjects.pharm.companyStockOuts)
  @RequireCompany()
  stockOuts(@Payload() request: CompanyReportRequest): Promise<StockReportPage> {
    return this.reader.stockOuts(request);
  }

  @MessagePattern(Subjects.pharm.pricesReport)
  @RequireAdmin()
  pricesReport(@Payload() request: PricesReportRequest): Promise<PricesReportPage> {
    return this.reader.pricesReport(request);
  }
}
