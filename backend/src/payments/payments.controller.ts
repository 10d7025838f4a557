import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  confirmCardPaymentSchema,
  createCardPaymentSchema,
  type CardGatewayMode,
  type CardPaymentConfirmed,
  type CardPaymentStarted,
  type CardPaymentState,
  type ConfirmCardPayment,
  type CreateCardPayment,
  cardGatewayModeSchema,
  cardPaymentStartedSchema,
  cardPaymentConfirmedSchema,
  cardPaymentStateSchema,
} from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { PaymentsService } from './payments.service';
import { Answers } from '../common/openapi';

@ApiTags('payments')
@Controller('payments/uzcard')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** Where the payment dialog sends the card (Payme's checkout, from the browser), and whether payments are simulated. */
  @Answers(cardGatewayModeSchema)
  @Get('mode')
  mode(): CardGatewayMode {
    return this.payments.mode();
  }

  /** Once the browser has the card confirmed by Payme (its token): creates the payment. Never takes a card number. */
  @SignedIn()
  @Answers(cardPaymentStartedSchema)
  @Post('createTransaction')
  start(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(createCardPaymentSchema)) body: CreateCardPayment,
  ): Promise<CardPaymentStarted> {
    return this.payments.start(user.id, body);
  }

  /**
   * Takes the money of a created payment; on success the balance rises by the amount. Repeating it
   * changes nothing. Answers 'processing' when Payme takes longer than a few seconds.
   */
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

  /** Where the payer's payment stands: the dialog follows a 'processing' answer here until it is final. */
  @SignedIn()
  @Answers(cardPaymentStateSchema)
  @Get('transactions/:transactionId')
  state(
    @CurrentUser() user: SessionUser,
    @Param(new ZodPipe(confirmCardPaymentSchema)) { transactionId }: ConfirmCardPayment,
  ): Promise<CardPaymentState> {
    return this.payments.state(user.id, transactionId);
  }
}
