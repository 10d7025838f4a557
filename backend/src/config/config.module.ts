import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import type { Config } from './config.schema';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: Config): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  }
}
