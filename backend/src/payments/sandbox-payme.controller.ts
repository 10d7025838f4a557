import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { AppException } from '../common/app.exception';
import { CardGateway } from './providers/card-gateway';
import { SANDBOX_CASHBOX_ID, SandboxCardGateway, SandboxCardRefusal } from './providers/sandbox-card-gateway';

/** Where the dialog sends the card in the sandbox, as it sends it to Payme's checkout otherwise. */
export const SANDBOX_CHECKOUT_PATH = 'payments/sandbox-payme';

/**
 * The sandbox's card methods (cards.create, cards.get_verify_code, cards.verify) in Payme's JSON-RPC
 * form, for the dialog's browser-side card flow without Payme credentials. Only test card numbers
 * reach this route; with Payme configured it does not exist.
 */
@Controller(SANDBOX_CHECKOUT_PATH)
export class SandboxPaymeController {
  constructor(private readonly gateway: CardGateway) {}

  @ApiExcludeEndpoint()
  @Post()
  @HttpCode(HttpStatus.OK)
  async call(@Headers('x-auth') auth: string | undefined, @Body() body: { id?: unknown; method?: unknown; params?: unknown }) {
    if (!(this.gateway instanceof SandboxCardGateway)) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    const { id = null, method, params } = body ?? {};
    try {
      // As Payme, the card methods take the cashbox id alone: a key sent here is refused.
      if (auth !== SANDBOX_CASHBOX_ID) throw new SandboxCardRefusal(-32504, { uz: 'Ruxsat yetarli emas', ru: 'Недостаточно привилегий', en: 'Insufficient privileges' });
      const result = await this.gateway.cardMethod(String(method), (params ?? {}) as Record<string, unknown>);
      return { jsonrpc: '2.0', id, result };
    } catch (error) {
      if (!(error instanceof SandboxCardRefusal)) throw error;
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.wording } };
    }
  }
}
