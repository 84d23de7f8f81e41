import { Module } from '@nestjs/common';
import { PharmDirectoryModule } from '../offers/pharm-directory.module';
import { BusinessInfoHandlers } from './business-info.handlers';
import { BusinessInfoService } from './business-info.service';

@Module({
  imports: [PharmDirectoryModule],
  controllers: [BusinessInfoHandlers],
  providers: [BusinessInfoService],
})
export class BusinessInfoModule {}
