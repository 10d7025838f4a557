import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { updateUserSchema, type UpdateUserRequest, userSchema, updateUserResponseSchema } from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { UsersService } from './users.service';
import { VisitorAddress } from '../common/visitor-address';
import { Answers } from '../common/openapi';

const userIdPipe = new ZodPipe(z.uuid());

@ApiTags('user')
@SignedIn()
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user (the session check of the frontend); 401 when signed out. */
  @Answers(userSchema)
  @Get()
  me(@CurrentUser() user: SessionUser) {
    return this.users.getProfile(user.id);
  }

  /**
   * Settings: the user themself or an admin. A new number's code is confirmed at
   * `POST /api/user/{id}/confirm-phone` (auth/phone-change.controller.ts).
   */
  @Answers(updateUserResponseSchema)
  @Put(':id')
  update(
    @CurrentUser() actor: SessionUser,
    @Param('id', userIdPipe) id: string,
    @Body(new ZodPipe(updateUserSchema)) changes: UpdateUserRequest,
    @VisitorAddress() ip: string,
  ) {
    return this.users.update(actor, id, changes, ip);
  }
}
