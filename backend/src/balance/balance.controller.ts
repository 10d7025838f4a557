import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { balanceHistoryQuerySchema, type BalanceHistory, balanceHistorySchema } from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { BalanceService } from './balance.service';
import { Answers } from '../common/openapi';

@ApiTags('balance')
@Controller('user')
export class BalanceController {
  constructor(private readonly balance: BalanceService) {}

  /** The signed-in user's top-ups and listing charges, newest first. */
  @SignedIn()
  @Answers(balanceHistorySchema)
  @Get('balance-history')
  history(
    @CurrentUser() user: SessionUser,
    @Query(new ZodPipe(balanceHistoryQuerySchema)) query: { page: number },
  ): Promise<BalanceHistory> {
    return this.balance.history(user.id, query.page);
  }
}
