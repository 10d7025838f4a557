import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { runMigrations } from './migrate';
import { PUBLIC_READS, PublicReads, publicReadsOptions } from './public-reads';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config), autoLoadEntities: true, retryAttempts: 0 }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await runMigrations(dataSource);
        return dataSource;
      },
    }),
    TypeOrmModule.forRootAsync({
      name: PUBLIC_READS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ ...publicReadsOptions(config), retryAttempts: 0 }),
    }),
  ],
  providers: [PublicReads],
  exports: [PublicReads],
})
export class DatabaseModule {}
