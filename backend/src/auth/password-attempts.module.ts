import { Module } from '@nestjs/common';
import { PasswordAttemptsService } from './password-attempts.service';

/**
 * The password attempts' limits, one instance for sign-in (AuthModule) and the settings' phone
 * change (UsersModule), which asks for the password too: both spend the same attempts, and one
 * number's passwords are checked one at a time whichever asks.
 */
@Module({
  providers: [PasswordAttemptsService],
  exports: [PasswordAttemptsService],
})
export class PasswordAttemptsModule {}
