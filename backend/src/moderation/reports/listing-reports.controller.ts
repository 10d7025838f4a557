import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { listingReportSchema, listingStatusChangedSchema, translateMessage, type ListingReport, type ListingStatusChanged } from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../../auth/auth.decorators';
import { Answers } from '../../common/openapi';
import { VisitorAddress } from '../../common/visitor-address';
import { ZodPipe } from '../../common/zod-body.pipe';
import { listingId } from '../../listings/listing-id.pipe';
import { ListingReportsService } from './listing-reports.service';

@ApiTags('listings')
@Controller('phone')
export class ListingReportsController {
  constructor(private readonly reports: ListingReportsService) {}

  @SignedIn()
  @Answers(listingStatusChangedSchema)
  @Post(':id/report')
  @HttpCode(HttpStatus.OK)
  async report(
    @CurrentUser() user: SessionUser,
    @Param('id', listingId) id: string,
    @Body(new ZodPipe(listingReportSchema)) report: ListingReport,
    @VisitorAddress() ip: string,
  ): Promise<ListingStatusChanged> {
    return { status: await this.reports.report(user, id, report, ip), message: translateMessage('listingReported') };
  }
}
