import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { confirmPhoneSchema, userSchema } from '@market/contracts';
import { Answers } from '../common/openapi';
import { VisitorAddress } from '../common/visitor-address';
import { ZodPipe } from '../common/zod-body.pipe';
import { CurrentUser, SignedIn, type SessionUser } from './auth.decorators';
import { PhoneChangeService } from './phone-change.service';
import { presentedSession } from './session-header';

const userIdPipe = new ZodPipe(z.uuid());

/** The settings' second step of a new phone number; here, beside the sessions it ends (the first step is users' `PUT /api/user/{id}`). */
@ApiTags('user')
@SignedIn()
@Controller('user')
export class PhoneChangeController {
  constructor(private readonly phoneChange: PhoneChangeService) {}

  /** The code sent to the new number of a `PUT`; answers the user with the new number, signed out everywhere else. */
  @Answers(userSchema)
  @Post(':id/confirm-phone')
  @HttpCode(200)
  confirmPhone(
    @CurrentUser() actor: SessionUser,
    @Param('id', userIdPipe) id: string,
    @Body(new ZodPipe(confirmPhoneSchema)) body: { code: string },
    @VisitorAddress() ip: string,
    @Req() request: Request,
  ) {
    return this.phoneChange.confirm(actor, id, body.code, ip, presentedSession(request)?.token);
  }
}
