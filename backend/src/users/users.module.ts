import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordAttemptsModule } from '../auth/password-attempts.module';
import { PhoneVerificationModule } from '../auth/phone-verification.module';
import { ImagesModule } from '../uploads/images.module';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * Accounts and their settings. A new phone number is asked for here (with the password, PasswordAttemptsModule)
 * and confirmed in AuthModule (`POST /api/user/{id}/confirm-phone`), which ends the account's other sessions and
 * its Telegram link: AuthModule and TelegramModule import this module, not the other way round.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User]), PhoneVerificationModule, PasswordAttemptsModule, ImagesModule],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
