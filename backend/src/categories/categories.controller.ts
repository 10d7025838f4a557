import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { categoryBodySchema, type Category, type CategoryBody, categorySchema } from '@market/contracts';
import { z } from 'zod';
import { AdminOnly } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { ZodPipe } from '../common/zod-body.pipe';
import { CategoriesPageService } from './categories-page.service';
import { PublicCache } from '../common/public-answer-cache';
import { Answers } from '../common/openapi';

/** A malformed id names no category: the same 404 as an unknown one. */
const categoryId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'categoryNotFound') });

@ApiTags('categories')
@Controller('category')
export class CategoriesController {
  constructor(private readonly categories: CategoriesPageService) {}

  @Answers(z.array(categorySchema))
  @Get()
  @PublicCache()
  list(): Promise<Category[]> {
    return this.categories.list();
  }

  @AdminOnly()
  @Answers(categorySchema)
  @Post()
  create(@Body(new ZodPipe(categoryBodySchema)) body: CategoryBody): Promise<Category> {
    return this.categories.create(body);
  }

  @AdminOnly()
  @Answers(categorySchema)
  @Put(':id')
  update(@Param('id', categoryId) id: string, @Body(new ZodPipe(categoryBodySchema)) body: CategoryBody): Promise<Category> {
    return this.categories.update(id, body);
  }

  @AdminOnly()
  @Answers(z.object({ _id: z.uuid() }))
  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  async remove(@Param('id', categoryId) id: string): Promise<{ _id: string }> {
    await this.categories.remove(id);
    return { _id: id };
  }
}
