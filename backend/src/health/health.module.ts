import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { HealthController } from './health.controller';
import { ShutdownDrain } from './shutdown-drain';

/** Global so that its drain runs before any other module is torn down (see ShutdownDrain). */
@Global()
@Module({ imports: [MetricsModule], controllers: [HealthController], providers: [ShutdownDrain] })
export class HealthModule {}
