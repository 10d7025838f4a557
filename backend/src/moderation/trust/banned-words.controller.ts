import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { bannedWordsSchema, type BannedWords } from '@market/contracts';
import { AdminOnly } from '../../auth/auth.decorators';
import { Answers } from '../../common/openapi';
import { ZodPipe } from '../../common/zod-body.pipe';
import { ListingChecksService } from './listing-checks.service';

/** The words admins ban in listings: the workers flag a waiting listing that uses one. */
@ApiTags('moderation')
@AdminOnly()
@Controller('admin/banned-words')
export class BannedWordsController {
  constructor(private readonly checks: ListingChecksService) {}

  @Answers(bannedWordsSchema)
  @Get()
  list(): Promise<BannedWords> {
    return this.checks.bannedWords();
  }

  @Answers(bannedWordsSchema)
  @Put()
  replace(@Body(new ZodPipe(bannedWordsSchema)) words: BannedWords): Promise<BannedWords> {
    return this.checks.setBannedWords(words);
  }
}
