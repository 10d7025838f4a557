import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  confirmCardPaymentSchema,
  createCardPaymentSchema,
  type CardGatewayMode,
  type CardPaymentConfirmed,
  type CardPaymentStarted,
  type ConfirmCardPayment,
  type CreateCardPayment,
  cardGatewayModeSchema,
  cardPaymentStartedSchema,
  cardPaymentConfirmedSchema,
} from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { PaymentsService } from './payments.service';
import { Answers } from '../common/openapi';

@ApiTags('payments')
@Controller('payments/uzcard')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** Whether card payments are simulated (sandbox gateway), so the payment dialog can say so. */
  @Answers(cardGatewayModeSchema)
  @Get('mode')
  mode(): CardGatewayMode {
    return this.payments.mode();
  }

  /** Step 1 of the payment dialog: registers the card with the gateway, which sends the SMS code. */
  @SignedIn()
  @Answers(cardPaymentStartedSchema)
  @Post('createTransaction')
  start(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(createCardPaymentSchema)) body: CreateCardPayment,
  ): Promise<CardPaymentStarted> {
    return this.payments.start(user.id, body);
  }

  /** Step 2: the SMS code; on success the balance rises by the amount. Repeating it changes nothing. */
  @SignedIn()
  @Answers(cardPaymentConfirmedSchema)
  @Post('confirmTransaction')
  @HttpCode(HttpStatus.OK)
  confirm(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(confirmCardPaymentSchema)) body: ConfirmCardPayment,
  ): Promise<CardPaymentConfirmed> {
    return this.payments.confirm(user.id, body);
  }
}
