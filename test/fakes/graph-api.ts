import sharp from 'sharp';
import { TEST_PHOTO_KEYS } from '../support/listings';
import { startHttpFake, type ScriptedFailure } from './http-fake';
import { MovingWindow } from './moving-window';

/**
 * Graph's throttling errors (developers.facebook.com/docs/graph-api/guides/error-handling):
 * never an HTTP 429 but a 400 or 403 whose error code names the limit reached.
 */
const THROTTLING = {
  4: { status: 403, message: '(#4) Application request limit reached' },
  17: { status: 403, message: '(#17) User request limit reached' },
  32: { status: 400, message: '(#32) Page request limit reached' },
} as const;

export type GraphThrottlingCode = keyof typeof THROTTLING;

/**
 * The platform's limits and timings as the fake enforces them: Instagram's 50 API-published posts
 * in a moving 24 hours per account, a container that takes `processingMs` to reach FINISHED and
 * expires 24 hours after it was made, and `callsPerHour` calls per token in a moving hour before
 * Graph throttles (reported in the usage headers). `timeScale` shrinks the windows.
 */
export interface GraphLimits {
  postsPerDay: number;
  processingMs: number;
  callsPerHour: number;
  timeScale: number;
}

export const GRAPH_LIMITS: GraphLimits = { postsPerDay: 50, processingMs: 0, callsPerHour: 4800, timeScale: 1 };

/** The access tokens the fake's Instagram account and Facebook Page were issued (those of channelsConfig and the tests); any other is refused with 190. */
export const GRAPH_TOKENS = ['ig', 'fb', 'ig-token', 'fb-token', 'token', 'page-token'];

const DAY_SECONDS = 86_400;
/** Instagram's image rules (content publishing reference): JPEG, width:height from 4:5 to 1.91:1, at most 8 MiB. */
const IMAGE_RATIO = { min: 4 / 5, max: 1.91 };
const IMAGE_BYTES = 8 * 1024 * 1024;
/** What a photo of a listing inserted by a test stands for (no file is stored): a 1080x1350 picture in the format its extension names. */
const testPhotos = new Map<string, Promise<Buffer>>();
function testPhoto(path: string): Promise<Buffer> {
  const format = /\.jpe?g$/i.test(path) ? 'jpeg' : 'webp';
  if (!testPhotos.has(format)) {
    testPhotos.set(format, sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#4a6c8c' } }).toFormat(format).toBuffer());
  }
  return testPhotos.get(format)!;
}

/** Downloads an image_url as Instagram does; undefined when it cannot be fetched. */
async function download(imageUrl: string): Promise<Buffer | undefined> {
  try {
    const url = new URL(imageUrl);
    if (url.pathname.includes(`/${TEST_PHOTO_KEYS}`)) return await testPhoto(url.pathname);
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
  } catch {
    return undefined;
  }
}

interface Container {
  id: string;
  owner: string;
  createdAt: number;
  caption?: string;
  status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  error?: string;
}

const graphError = (status: number, error: Record<string, unknown>) => ({
  status,
  body: { error: { type: 'OAuthException', is_transient: false, fbtrace_id: 'AFakeTrace', ...error } },
});

/**
 * A fake Graph API for Instagram content publishing and Facebook Page posts that behaves like
 * the platform: it refuses a token it did not issue, downloads each image_url and refuses what
 * Instagram refuses (not JPEG, over 8 MiB, a ratio outside 4:5 to 1.91:1), keeps containers in their states, counts the publishing quota
 * (`GET /{ig-user-id}/content_publishing_limit`) and answers the documented codes and
 * subcodes. Ids count up; permalinks are derived from them so tests can compare what was stored.
 */
export async function startFakeGraph(limits: Partial<GraphLimits> = {}) {
  const { postsPerDay, processingMs, callsPerHour, timeScale } = { ...GRAPH_LIMITS, ...limits };
  let nextId = 1000;
  const containers = new Map<string, Container>();
  const published = new Map<string, MovingWindow>();
  const usage = new Map<string, MovingWindow>();
  const failingContainers = new Set<string>();

  const publishedBy = (owner: string) => {
    if (!published.has(owner)) published.set(owner, new MovingWindow(postsPerDay, DAY_SECONDS * 1000 * timeScale));
    return published.get(owner)!;
  };
  const usageOf = (token: string) => {
    if (!usage.has(token)) usage.set(token, new MovingWindow(callsPerHour, 3_600_000 * timeScale));
    return usage.get(token)!;
  };
  function statusOf(container: Container): Container['status'] {
    const age = Date.now() - container.createdAt;
    if (container.status === 'PUBLISHED' || container.status === 'ERROR') return container.status;
    if (age >= DAY_SECONDS * 1000 * timeScale) return 'EXPIRED';
    if (age < processingMs) return 'IN_PROGRESS';
    return failingContainers.has(container.id) ? 'ERROR' : 'FINISHED';
  }
  const newId = () => String(nextId++);

  async function createMedia(owner: string, body: Record<string, unknown>) {
    if (body.media_type === 'CAROUSEL') {
      const children = String(body.children ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 10) return graphError(400, { message: 'Invalid parameter', code: 100, error_subcode: 2207028 });
      const id = newId();
      containers.set(id, { id, owner, createdAt: Date.now(), caption: String(body.caption ?? ''), status: 'IN_PROGRESS' });
      return { body: { id } };
    }
    const imageUrl = String(body.image_url ?? '');
    const refusal = await refusedImage(imageUrl);
    if (refusal) return refusal;
    const id = newId();
    containers.set(id, { id, owner, createdAt: Date.now(), caption: body.caption === undefined ? undefined : String(body.caption), status: 'IN_PROGRESS' });
    return { body: { id } };
  }

  /** Instagram downloads the image and refuses one it cannot fetch, one that is not JPEG, over 8 MiB, or outside its ratios. */
  async function refusedImage(imageUrl: string) {
    const image = await download(imageUrl);
    const format = image && (await sharp(image).metadata().catch(() => undefined));
    if (!image || format?.format !== 'jpeg') {
      // "JPEG is the only image format supported": another format fails like a download.
      return graphError(400, {
        message: 'Only photo or video can be accepted as media type.',
        code: 9004,
        error_subcode: 2207052,
        error_user_title: 'Media download has failed.',
        error_user_msg: `The media could not be fetched from this URI: ${imageUrl}`,
      });
    }
    if (image.length > IMAGE_BYTES) {
      return graphError(400, {
        message: 'The image size is too large.',
        code: 36000,
        error_subcode: 2207004,
        error_user_title: 'Image size too large',
        error_user_msg: 'The image is too large to download. It should be less than 8 MiB.',
      });
    }
    const ratio = format.width! / format.height!;
    if (ratio < IMAGE_RATIO.min || ratio > IMAGE_RATIO.max) {
      return graphError(400, {
        message: `The submitted image with aspect ratio ('${format.width}/${format.height}') cannot be published. Please submit an image with a valid aspect ratio.`,
        code: 36003,
        error_subcode: 2207009,
        error_user_title: 'Aspect ratio not supported',
      });
    }
    return undefined;
  }

  function publish(owner: string, creationId: string) {
    const container = containers.get(creationId);
    if (!container) return graphError(400, { message: 'Unsupported post request', code: 100, error_subcode: 33 });
    const status = statusOf(container);
    if (status === 'EXPIRED') {
      return graphError(400, { message: 'The media you are trying to access has expired. Please try to upload again.', code: -2, error_subcode: 2207020 });
    }
    if (status === 'IN_PROGRESS') return graphError(400, { message: 'Media ID is not available', code: 9007, error_subcode: 2207027 });
    if (status !== 'FINISHED') return graphError(400, { message: 'The media is not ready to be published', code: 9007, error_subcode: 2207027 });
    if (publishedBy(owner).waitFor(1) > 0) {
      return graphError(400, {
        message: 'Application request limit reached',
        code: 9,
        error_subcode: 2207042,
        error_user_msg: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
      });
    }
    publishedBy(owner).record(1);
    container.status = 'PUBLISHED';
    return { body: { id: newId() } };
  }

  const fake = await startHttpFake(async (call) => {
    const parts = call.path.split('/').filter(Boolean);
    const edge = parts[parts.length - 1];
    const node = parts[parts.length - 2];
    const token = String(call.body.access_token ?? '');
    if (!GRAPH_TOKENS.includes(token)) return graphError(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
    const calls = usageOf(token);
    // Graph refuses calls past the token's hourly share and names when it returns.
    const throttledMs = calls.waitFor(1);
    const usageHeader = () => {
      const percent = Math.round((calls.used() / callsPerHour) * 100);
      const regain = throttledMs > 0 ? Math.ceil(throttledMs / 60_000 / timeScale) : 0;
      return { 'X-Business-Use-Case-Usage': JSON.stringify({ [token]: [{ type: 'pages', call_count: percent, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: regain }] }) };
    };
    if (throttledMs > 0) return { ...graphError(400, { message: '(#32) Page request limit reached', code: 32 }), headers: usageHeader() };
    calls.record(1);
    const answer = await (async () => {
      if (call.method === 'POST' && edge === 'media') return createMedia(node, call.body);
      if (call.method === 'POST' && edge === 'media_publish') return publish(node, String(call.body.creation_id));
      if (call.method === 'POST' && ['photos', 'feed'].includes(edge)) return { body: { id: newId() } };
      if (call.method === 'GET' && edge === 'content_publishing_limit') {
        return { body: { data: [{ quota_usage: publishedBy(node).used(), config: { quota_total: postsPerDay, quota_duration: DAY_SECONDS } }] } };
      }
      if (call.method === 'GET' && String(call.body.fields).startsWith('status_code')) {
        const container = containers.get(edge);
        if (!container) return graphError(400, { message: 'Unsupported get request', code: 100, error_subcode: 33 });
        const status = statusOf(container);
        return { body: { id: edge, status_code: status, ...(status === 'ERROR' && { status: 'Error: the media could not be processed (2207001)' }) } };
      }
      if (call.method === 'GET' && call.body.fields === 'permalink') return { body: { id: edge, permalink: `https://www.instagram.com/p/${edge}/` } };
      if (call.method === 'GET' && call.body.fields === 'permalink_url') return { body: { id: edge, permalink_url: `https://www.facebook.com/${edge}` } };
      return graphError(400, { message: 'Unsupported request', type: 'GraphMethodException', code: 100 });
    })();
    return { ...answer, headers: usageHeader() };
  });
  return {
    ...fake,
    /** The configuration that posts to Instagram and Facebook through this fake (the Page id its usage headers name). */
    channelsConfig: {
      GRAPH_API_URL: fake.url,
      INSTAGRAM_USER_ID: '17841',
      INSTAGRAM_ACCESS_TOKEN: 'ig',
      FACEBOOK_PAGE_ID: '555',
      FACEBOOK_PAGE_TOKEN: 'fb',
    },
    callsTo: (edge: string) => fake.calls.filter((call) => call.path.endsWith(`/${edge}`)),
    /** The caption of a container (for a carousel, its own), to tell which listing a publish posted. */
    captionOf: (containerId: string) => containers.get(containerId)?.caption,
    /** The container's processing ends in ERROR instead of FINISHED. */
    failContainer: (containerId: string) => void failingContainers.add(containerId),
    /** Makes an existing container as old as one made 24 hours ago: it has EXPIRED. */
    expireContainer(containerId: string): void {
      const container = containers.get(containerId)!;
      container.createdAt = Date.now() - DAY_SECONDS * 1000 * timeScale;
    },
    serverError: () => graphError(500, { message: 'An unexpected error has occurred', code: 2, is_transient: true }),
    invalidToken: () => graphError(400, { message: 'Invalid OAuth access token', code: 190 }),
    /** An Instagram error of the documented table, by code and subcode. */
    instagramError: (code: number, subcode: number, message = 'Instagram error'): ScriptedFailure => graphError(400, { message, code, error_subcode: subcode }),
    /** A limit reached: the app's (4), the user's (17) or the Page's (32). */
    rateLimited(code: GraphThrottlingCode, regainMinutes = 0): ScriptedFailure {
      const { status, message } = THROTTLING[code];
      return {
        ...graphError(status, { message, code }),
        headers: {
          'X-Business-Use-Case-Usage': JSON.stringify({
            '555': [{ type: 'pages', call_count: 100, total_cputime: 20, total_time: 30, estimated_time_to_regain_access: regainMinutes }],
          }),
        },
      };
    },
  };
}
