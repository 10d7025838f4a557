import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { telegramLinkRequestSchema, type TelegramLinkRequest, telegramLinkSchema, telegramStatusSchema } from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { TelegramLinkService } from './telegram-link.service';
import { Answers } from '../common/openapi';

@ApiTags('telegram')
@SignedIn()
@Controller('user/telegram')
export class TelegramController {
  constructor(private readonly links: TelegramLinkService) {}

  /** A one-time deep link that connects the seller's chat with the bot. */
  @Answers(telegramLinkSchema)
  @Post('link')
  createLink(@CurrentUser() user: SessionUser, @Body(new ZodPipe(telegramLinkRequestSchema)) body: TelegramLinkRequest) {
    return this.links.createLink(user.id, body.language);
  }

  @Answers(telegramStatusSchema)
  @Get()
  async status(@CurrentUser() user: SessionUser) {
    return { linked: Boolean(await this.links.subscriptionOf(user.id)), botConfigured: this.links.botConfigured };
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  unlink(@CurrentUser() user: SessionUser) {
    return this.links.unlink(user.id);
  }
}
