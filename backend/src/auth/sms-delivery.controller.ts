import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { lastSmsQuerySchema, lastSmsSchema, type LastSms } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { Answers } from '../common/openapi';
import { VisitorAddress } from '../common/visitor-address';
import { ZodPipe } from '../common/zod-body.pipe';
import { SMS_DELIVERY_REPORTS_ROUTE, SmsDeliveryService } from './sms-delivery.service';

/**
 * The fields of Eskiz's delivery report we keep: `request_id` is the `id` its send answered with (what
 * we store); its `message_id` is Eskiz's own id, which we never saw. It also sends country, sms_count, status_date.
 */
const deliveryReportSchema = z.object({
  request_id: z.string().min(1).max(100),
  status: z.string().regex(/^[A-Z]{1,16}$/),
});

@ApiTags('auth')
@Controller()
export class SmsDeliveryController {
  constructor(private readonly deliveries: SmsDeliveryService) {}

  /** Eskiz's delivery report of one SMS (its callback_url). A wrong secret is answered like a missing route. */
  @ApiExcludeEndpoint()
  @Post(`${SMS_DELIVERY_REPORTS_ROUTE}/:secret`)
  @HttpCode(HttpStatus.OK)
  async deliveryReport(@Param('secret') secret: string, @Body() body: unknown): Promise<{ recorded: true }> {
    if (!this.deliveries.isOurCallback(secret)) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    const report = deliveryReportSchema.safeParse(body);
    if (!report.success) throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed');
    await this.deliveries.recordReport(report.data.request_id, report.data.status);
    return { recorded: true };
  }

  /** Whether the last password or code sent to a number arrived, for the sign-in and reset screens. */
  @Answers(lastSmsSchema)
  @Get('auth/last-sms')
  async lastSms(@Query(new ZodPipe(lastSmsQuerySchema)) query: z.infer<typeof lastSmsQuerySchema>, @VisitorAddress() ip: string): Promise<LastSms> {
    return { lastSms: await this.deliveries.lastSmsTo(query.phoneNumber, ip) };
  }
}
