import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BalanceModule } from '../balance/balance.module';
import { BrowseModule } from '../browse/browse.module';
import { EventsModule } from '../events/events.module';
import { ListingsModule } from '../listings/listings.module';
import { UsersModule } from '../users/users.module';
import { PromotionSettlement } from './promotion-settlement.service';
import { Promotion, PromotionPrice } from './promotion.entity';
import { PromotionsController } from './promotions.controller';
import { PromotionsService } from './promotions.service';

/** The workers' side of promotions: the scheduled settlement and the reposts' outcome. */
@Module({
  imports: [TypeOrmModule.forFeature([Promotion]), BalanceModule],
  providers: [PromotionSettlement],
  exports: [PromotionSettlement],
})
export class PromotionSettlementModule {}

/**
 * Promotion (issue 39): lift, TOP and a channel repost bought from the balance. The feed reads the
 * running TOPs through RUNNING_TOP (promotion-reads.ts); BrowseModule does not import this module.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Promotion, PromotionPrice]), UsersModule, BalanceModule, BrowseModule, ListingsModule, EventsModule, PromotionSettlementModule],
  controllers: [PromotionsController],
  providers: [PromotionsService],
})
export class PromotionsModule {}
