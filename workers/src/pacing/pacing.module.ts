import { Module } from '@nestjs/common';
import { DestinationPacer } from './destination-pacer';
import { TelegramPacing } from './telegram-pacing';

/** Pacing of the messages to the platforms across worker processes (limits kept in Redis). */
@Module({
  providers: [DestinationPacer, TelegramPacing],
  exports: [DestinationPacer, TelegramPacing],
})
export class PacingModule {}
