import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The series a process counts as things happen, on prom-client's registry of the process: one
 * per process whichever application (or test) counts into it. The series read from PostgreSQL
 * and Redis at each scrape are OperationsGauges'.
 */

/** Event loop lag, heap, CPU and open handles of the process (prom-client's defaults). */
collectDefaultMetrics({ register });

/** Up to 5 s: the statement timeout of public reads is 2 s and of the others 15 s, a slower answer is already an outage. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Requests answered, by route class (the route's pattern, never the raw URL, whose ids are endless) and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS_S,
});

/** hit: replayed from memory or joined to a computation under way; miss: computed. */
export const publicAnswers = new Counter({
  name: 'public_answer_cache_requests_total',
  help: 'Anonymous public GETs the public answer cache answered, by result (hit, miss)',
  labelNames: ['result'] as const,
});

/** What Eskiz answered to a send (the workers count): sent or failed. */
export const smsMessages = new Counter({
  name: 'sms_messages_total',
  help: 'SMS handed to the gateway, by outcome (sent, failed)',
  labelNames: ['outcome'] as const,
});

/** Eskiz's delivery reports (the API receives them), by their status: DELIVRD, UNDELIV, EXPIRED... */
export const smsDeliveryReports = new Counter({
  name: 'sms_delivery_reports_total',
  help: 'Delivery reports of sent SMS, by the gateway status (DELIVRD is delivered)',
  labelNames: ['status'] as const,
});

/** Signed-in pages holding a real-time conversations socket on this API process; the sum over nodes is the site's. */
export const conversationPages = new Gauge({
  name: 'conversation_connected_pages',
  help: 'Signed-in pages connected to this API process for real-time conversation messages',
});
