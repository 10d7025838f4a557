import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesModule } from '../uploads/images.module';
import { CategoriesService } from './categories.service';
import { CategoryEntity } from './category.entity';

@Module({
  imports: [TypeOrmModule.forFeature([CategoryEntity]), ImagesModule],
  providers: [CategoriesService],
  exports: [CategoriesService],
})
export class CategoriesModule {}
