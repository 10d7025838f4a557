import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { categoryBodySchema, type Category, type CategoryBody } from '@market/contracts';
import { AdminOnly } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { ZodPipe } from '../common/zod-body.pipe';
import { CategoriesService } from './categories.service';
import { PublicCache } from '../common/public-answer-cache';

/** A malformed id names no category: the same 404 as an unknown one. */
const categoryId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'categoryNotFound') });

@ApiTags('categories')
@Controller('category')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @PublicCache()
  list(): Promise<Category[]> {
    return this.categories.list();
  }

  @AdminOnly()
  @Post()
  create(@Body(new ZodPipe(categoryBodySchema)) body: CategoryBody): Promise<Category> {
    return this.categories.create(body);
  }

  @AdminOnly()
  @Put(':id')
  update(@Param('id', categoryId) id: string, @Body(new ZodPipe(categoryBodySchema)) body: CategoryBody): Promise<Category> {
    return this.categories.update(id, body);
  }

  @AdminOnly()
  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  async remove(@Param('id', categoryId) id: string): Promise<{ _id: string }> {
    await this.categories.remove(id);
    return { _id: id };
  }
}
