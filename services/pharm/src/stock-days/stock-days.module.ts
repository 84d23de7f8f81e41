import { Module } from '@nestjs/common';
import { StockDaysWriter } from './stock-days.writer';
import { StockDaysWorker } from './stock-days.worker';

/** The daily stock snapshots' writer (the seed's history too). */
@Module({ providers: [StockDaysWriter], exports: [StockDaysWriter] })
export class StockDaysModule {}

/** pharm's worker process's part of the snapshots: the daily job. */
@Module({ imports: [StockDaysModule], providers: [StockDaysWorker] })
export class StockDaysWorkerModule {}
