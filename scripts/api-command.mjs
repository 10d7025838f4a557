/**
 * How the built API is started: by `npm start`, the benchmarks and the drills (the Dockerfile's
 * CMD says the same). The old generation gets a budget: without one, V8 lets a busy API's heap
 * grow to about four times what is live between collections (300 MB of RSS at 5,000 listing
 * details a second for a 45 MB live heap); with one it collects sooner (175 MB), for a few
 * milliseconds of p99. 384 MB is six times the live heap of an API whose caches are full.
 */
export const API_NODE_ARGS = ['--max-old-space-size=384', 'backend/dist/main.js'];
