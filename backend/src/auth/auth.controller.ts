import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  authSchema,
  checkSmsCodeSchema,
  loginSchema,
  registerConfirmSchema,
  registerSchema,
  registerResponseSchema,
  resetPasswordSchema,
  resetPasswordWithTokenSchema,
  translateMessage,
  type AuthRequest,
  type CheckSmsCodeResponse,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type RegisterResponse,
  type SignedInResponse,
  messageResponseSchema,
  signedInResponseSchema,
  checkSmsCodeResponseSchema,
  telegramSignInSchema,
  telegramSignInResponseSchema,
  type TelegramSignInRequest,
  type TelegramSignInResponse,
} from '@market/contracts';
import { z } from 'zod';
import { AppConfig } from '../config/app-config';
import { ZodPipe } from '../common/zod-body.pipe';
import { AuthService, type StartedSession } from './auth.service';
import { codeRequesterFor, codeRequesterOf } from './code-requester';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { headerSessionTokenOf, presentedSession } from './session-header';
import { TelegramSignInService } from './telegram-sign-in.service';
import { VisitorAddress } from '../common/visitor-address';
import { Answers } from '../common/openapi';

/** Status of sign-in step 1 for a number that already has an account (the spec's contract). */
const ALREADY_REPORTED = 208;

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
    private readonly telegramSignIn: TelegramSignInService,
  ) {}

  /** Step 1: 201 with the 'password sent' text for a new number, 208 for an existing account. */
  @Answers(messageResponseSchema)
  @Post('login')
  async login(
    @Body(new ZodPipe(loginSchema)) body: LoginRequest,
    @VisitorAddress() ip: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    const outcome = await this.auth.login(body.phoneNumber, ip);
    if (outcome === 'existing') response.status(ALREADY_REPORTED);
    return { message: translateMessage(outcome === 'created' ? 'passwordSentToPhone' : 'enterPassword') };
  }

  /** Step 2: sets the session cookie. */
  @Answers(signedInResponseSchema)
  @Post('auth')
  @HttpCode(HttpStatus.OK)
  async signIn(
    @Body(new ZodPipe(authSchema)) body: AuthRequest,
    @VisitorAddress() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedInResponse> {
    const session = await this.auth.signIn(body.phoneNumber, body.password, ip, codeRequesterOf(request));
    return this.signedIn(response, session, 'loginSuccess');
  }

  @Answers(messageResponseSchema)
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<MessageResponse> {
    await this.auth.logout(presentedSession(request)?.token);
    clearSessionCookie(response, this.config);
    return { message: translateMessage('loggedOut') };
  }

  @Answers(messageResponseSchema)
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  async requestPasswordReset(
    @Body(new ZodPipe(resetPasswordSchema)) body: { phoneNumber: string },
    @VisitorAddress() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    await this.auth.requestPasswordReset(body.phoneNumber, ip, codeRequesterFor(request, response, this.config));
    return { message: translateMessage('passwordSent') };
  }

  @Answers(checkSmsCodeResponseSchema)
  @Post('check-sms-code')
  @HttpCode(HttpStatus.OK)
  async checkSmsCode(
    @Body(new ZodPipe(checkSmsCodeSchema)) body: { phoneNumber: string; code: string },
    @VisitorAddress() ip: string,
    @Req() request: Request,
  ): Promise<CheckSmsCodeResponse> {
    return { token: await this.auth.checkResetCode(body.phoneNumber, body.code, ip, codeRequesterOf(request)) };
  }

  @Answers(messageResponseSchema)
  @Post('reset-password-with-token')
  @HttpCode(HttpStatus.OK)
  async resetPassword(
    @Body(new ZodPipe(resetPasswordWithTokenSchema)) body: z.infer<typeof resetPasswordWithTokenSchema>,
    @VisitorAddress() ip: string,
    @Req() request: Request,
  ): Promise<MessageResponse> {
    await this.auth.resetPassword(body.phoneNumber, body.token, body.password, ip, presentedSession(request)?.token);
    return { message: translateMessage('passwordUpdated') };
  }

  /** Registration step 1: a code goes to the number for this browser; nothing is created yet. */
  @Answers(registerResponseSchema)
  @Post('register')
  async register(
    @Body(new ZodPipe(registerSchema)) body: RegisterRequest,
    @VisitorAddress() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RegisterResponse> {
    const { codeSentBefore } = await this.auth.register(body, ip, codeRequesterFor(request, response, this.config));
    return { message: translateMessage(codeSentBefore ? 'confirmationCodeSentBefore' : 'confirmationCodeSent'), codeSentBefore };
  }

  /** Registration step 2: creates the account, signs it in, answers the congratulation. */
  @Answers(signedInResponseSchema)
  @Post('register/confirm')
  async confirmRegistration(
    @Body(new ZodPipe(registerConfirmSchema)) body: { phoneNumber: string; code: string },
    @VisitorAddress() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedInResponse> {
    const session = await this.auth.confirmRegistration(body.phoneNumber, body.code, ip, codeRequesterOf(request));
    return this.signedIn(response, session, 'registrationCongratulation');
  }

  /**
   * The Telegram Mini App's sign-in by its initData (docs/mini-app.md). The session comes back in the
   * body, for the app to send in the header: no cookie is set, a Telegram Web iframe would not keep it.
   */
  @Answers(telegramSignInResponseSchema)
  @Post('telegram')
  @HttpCode(HttpStatus.OK)
  async signInWithTelegram(
    @Body(new ZodPipe(telegramSignInSchema)) body: TelegramSignInRequest,
    @VisitorAddress() ip: string,
    @Req() request: Request,
  ): Promise<TelegramSignInResponse> {
    const outcome = await this.telegramSignIn.signIn(body, ip);
    if (outcome.status === 'contactNeeded') return outcome;
    // A new launch replaces the session the app had.
    const previous = headerSessionTokenOf(request);
    if (previous) await this.auth.logout(previous);
    return {
      status: 'signedIn',
      user: outcome.user,
      message: translateMessage(outcome.message),
      session: { token: outcome.token, expiresAt: outcome.expiresAt.toISOString() },
    };
  }

  private signedIn(response: Response, session: StartedSession, message: 'loginSuccess' | 'registrationCongratulation'): SignedInResponse {
    setSessionCookie(response, this.config, session.token, session.expiresAt);
    return { user: session.user, message: translateMessage(message) };
  }
}
