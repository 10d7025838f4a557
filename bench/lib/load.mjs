// Load generation with autocannon on loopback, shared by the benchmarks and the soak drill.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Runs autocannon with the given options (url, connections, duration, requests, overallRate, ...); answers its result. */
export function runLoad(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** The API's resident memory now (VmRSS) and at its peak (VmHWM), in MB. */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Math.round(Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}
