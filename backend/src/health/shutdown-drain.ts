import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/**
 * A node being stopped stays up for SHUTDOWN_DRAIN_MS answering requests while it tells the load
 * balancer it is not ready, so that traffic moves to the other nodes before its server closes.
 * Its module is global: Nest tears global modules down first, before uploads and counters stop.
 */
@Injectable()
export class ShutdownDrain implements OnModuleDestroy {
  private started = false;

  constructor(private readonly config: AppConfig) {}

  get draining(): boolean {
    return this.started;
  }

  async onModuleDestroy(): Promise<void> {
    this.started = true;
    await new Promise((resolve) => setTimeout(resolve, this.config.SHUTDOWN_DRAIN_MS));
  }
}
