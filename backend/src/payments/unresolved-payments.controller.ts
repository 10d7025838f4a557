import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { unresolvedPaymentsSchema, type UnresolvedPayments } from '@market/contracts';
import { AdminOnly } from '../auth/auth.decorators';
import { Answers } from '../common/openapi';
import { PaymentsService } from './payments.service';

/** Card payments the workers' re-check has not brought to an end within an hour: for an admin to look up in Payme Business. */
@ApiTags('payments')
@AdminOnly()
@Controller('admin/payments')
export class UnresolvedPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Answers(unresolvedPaymentsSchema)
  @Get('unresolved')
  list(): Promise<UnresolvedPayments> {
    return this.payments.unresolved();
  }
}
