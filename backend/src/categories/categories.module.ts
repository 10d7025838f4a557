import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { CategoryEntity } from './category.entity';
import { CategoryUsage } from './category-usage';

@Module({
  imports: [TypeOrmModule.forFeature([CategoryEntity]), UploadsModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, CategoryUsage],
  exports: [CategoriesService, CategoryUsage],
})
export class CategoriesModule {}
