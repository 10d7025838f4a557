import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** Global: any feature may limit its actions (SMS, passwords, contact reveals) without wiring. */
@Global()
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
