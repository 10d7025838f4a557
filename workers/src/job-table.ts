import { BullRegistrar } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { QUEUE_JOBS, QUEUES, type QueueName } from '@market/contracts';
import { QueueProcessor } from './queue-processor';

/** The jobs one processor has handlers for. */
export interface HandledJobs {
  processor: string;
  queue: string | undefined;
  jobs: string[];
}

/** Where the processors disagree with contracts' job table; empty when every job of every queue has exactly one handler. */
export function jobTableProblems(processors: HandledJobs[]): string[] {
  const problems = processors
    .filter(({ queue }) => !queue || !(queue in QUEUE_JOBS))
    .map(({ processor, queue }) => `${processor} processes '${queue}', which is no queue of the job table (declare it with @ProcessorOf)`);
  for (const queue of Object.values(QUEUES) as QueueName[]) {
    const processing = processors.filter((processor) => processor.queue === queue);
    if (processing.length === 0) {
      problems.push(`queue '${queue}' has no processor`);
      continue;
    }
    // Two BullMQ workers on one queue would each take some of its jobs.
    if (processing.length > 1) problems.push(`queue '${queue}' has ${processing.length} processors: ${processing.map((p) => p.processor).join(', ')}`);
    const table: readonly string[] = QUEUE_JOBS[queue];
    const handled = processing.flatMap((processor) => processor.jobs);
    for (const job of table.filter((name) => !handled.includes(name))) problems.push(`job '${job}' of queue '${queue}' has no handler`);
    for (const { processor, jobs } of processing) {
      for (const job of jobs.filter((name) => !table.includes(name))) problems.push(`${processor} handles '${job}', which nobody adds to queue '${queue}'`);
    }
  }
  return problems;
}

/**
 * Checks the processors' handlers against contracts' job table before any queue worker starts
 * (BullModule registers them by hand, here), as immich's job repository does: a queue or job
 * name without a handler, or a handler for a name nobody adds, stops the workers' start.
 */
@Injectable()
export class JobTable implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly registrar: BullRegistrar,
  ) {}

  onModuleInit(): void {
    const processors = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is QueueProcessor => instance instanceof QueueProcessor);
    const problems = jobTableProblems(
      processors.map((processor) => ({ processor: processor.constructor.name, queue: processor.queueName, jobs: Object.keys(processor.handlers) })),
    );
    if (problems.length) throw new Error(`The workers' job handlers do not match the job table:\n  ${problems.join('\n  ')}`);
    this.registrar.register();
  }
}
