import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MovingWindow } from './moving-window';

/** A device as a GSMArena page shows it. */
export interface FakeDevicePage {
  name: string;
  img: string;
  /** Values of the highlighted specs by their data-spec key, e.g. { 'camerapixels-hl': '12' }. */
  highlights: Record<string, string>;
  /** Detail tables: section → rows [title, value]; an empty title continues the row above. */
  sections: Record<string, Array<[string, string]>>;
}

/** Units GSMArena prints in a span right after the number of these highlights. */
const HIGHLIGHT_UNITS: Record<string, string> = {
  'camerapixels-hl': 'MP',
  'ramsize-hl': 'GB RAM',
  'batsize-hl': 'mAh',
};

/** data-spec keys GSMArena puts on these detail rows. */
const ROW_SPEC_KEYS: Record<string, string> = { Internal: 'internalmemory', Colors: 'colors', 'Card slot': 'memoryslot' };

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function highlight(key: string, value: string): string {
  const unit = HIGHLIGHT_UNITS[key];
  return unit
    ? `<strong class="accent"><span data-spec="${key}">${escape(value)}</span><span>${unit}</span></strong>`
    : `<span data-spec="${key}">${escape(value)}</span>`;
}

/** A device page with GSMArena's structure: the spotlight highlights and the #specs-list tables. */
export function gsmarenaDevicePage(device: FakeDevicePage): string {
  const h = device.highlights;
  const tables = Object.entries(device.sections)
    .map(([section, rows]) => {
      const body = rows
        .map(([title, value], index) => {
          const th = index === 0 ? `<th rowspan="${rows.length}" scope="row">${escape(section)}</th>` : '';
          const key = ROW_SPEC_KEYS[title] ? ` data-spec="${ROW_SPEC_KEYS[title]}"` : '';
          const ttl = title ? `<a href="glossary.php3?term=${encodeURIComponent(title)}">${escape(title)}</a>` : '&nbsp;';
          return `<tr>${th}<td class="ttl">${ttl}</td><td class="nfo"${key}>${escape(value).replace(/\n/g, '<br>')}</td></tr>`;
        })
        .join('\n');
      return `<table cellspacing="0">\n${body}\n</table>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en-US"><head><title>${escape(device.name)} - Full phone specifications</title></head>
<body>
<div class="article-info">
  <div class="article-info-line page-specs light border-bottom">
    <h1 class="specs-phone-name-title" data-spec="modelname">${escape(device.name)}</h1>
  </div>
  <div class="center-stage light nobg specs-accent">
    <div class="specs-photo-main"><a href="#"><img alt="${escape(device.name)} MORE PICTURES" src="${escape(device.img)}"></a></div>
    <ul class="specs-spotlight-features" style="overflow:hidden;">
      <li class="specs-brief pattern">
        <span data-spec="released-hl">Released 2021, September 24</span>
        <span data-spec="os-hl">iOS 15</span>
      </li>
      <li class="help accented help-display"><i class="head-icon icon-touch-1"></i>
        ${h['displaysize-hl'] ? highlight('displaysize-hl', h['displaysize-hl']) : ''}
        ${h['displayres-hl'] ? `<div data-spec="displayres-hl">${escape(h['displayres-hl'])}</div>` : ''}
      </li>
      <li class="help accented help-camera"><i class="head-icon icon-camera-1"></i>
        ${h['camerapixels-hl'] ? highlight('camerapixels-hl', h['camerapixels-hl']) : ''}
        ${h['videopixels-hl'] ? `<div data-spec="videopixels-hl">${escape(h['videopixels-hl'])}</div>` : ''}
      </li>
      <li class="help accented help-expansion"><i class="head-icon icon-cpu"></i>
        ${h['ramsize-hl'] ? highlight('ramsize-hl', h['ramsize-hl']) : ''}
        ${h['chipset-hl'] ? `<div data-spec="chipset-hl">${escape(h['chipset-hl'])}</div>` : ''}
      </li>
      <li class="help accented help-battery"><i class="head-icon icon-battery-1"></i>
        ${h['batsize-hl'] ? highlight('batsize-hl', h['batsize-hl']) : ''}
        ${h['battype-hl'] ? `<div data-spec="battype-hl">${escape(h['battype-hl'])}</div>` : ''}
      </li>
    </ul>
  </div>
</div>
<div id="specs-list">
${tables}
</div>
</body></html>`;
}

/** A search results page (`/results.php3?sSearch=...`) listing device pages by name. */
export function gsmarenaSearchPage(results: Array<{ name: string; path: string }>): string {
  const items = results
    .map(({ name, path }) => {
      const [brand, ...model] = name.split(' ');
      return `<li><a href="${escape(path)}"><img src="https://fdn2.gsmarena.com/vv/bigpic/x.jpg"><strong><span>${escape(brand)}<br>${escape(model.join(' '))}</span></strong></a></li>`;
    })
    .join('');
  return `<!DOCTYPE html><html><body><div class="makers"><ul>${items}</ul></div></body></html>`;
}

export const IPHONE_13_PAGE: FakeDevicePage = {
  name: 'Apple iPhone 13',
  img: 'https://fdn2.gsmarena.com/vv/bigpic/apple-iphone-13.jpg',
  highlights: {
    'displaysize-hl': '6.1"',
    'displayres-hl': '1170x2532 pixels',
    'camerapixels-hl': '12',
    'videopixels-hl': '2160p',
    'ramsize-hl': '4',
    'chipset-hl': 'Apple A15 Bionic',
    'batsize-hl': '3240',
    'battype-hl': 'Li-Ion',
  },
  sections: {
    Launch: [
      ['Announced', '2021, September 14'],
      ['Status', 'Available. Released 2021, September 24'],
    ],
    Memory: [
      ['Card slot', 'No'],
      ['Internal', '128GB 4GB RAM, 256GB 4GB RAM, 512GB 4GB RAM'],
      ['', 'NVMe'],
    ],
    'Main Camera': [
      ['Dual', '12 MP, f/1.6, 26mm (wide)\n12 MP, f/2.4, 120˚, 13mm (ultrawide)'],
      ['Video', '4K@24/30/60fps, 1080p@30/60/120/240fps'],
    ],
    Misc: [
      ['Colors', 'Starlight, Midnight, Blue, Pink, Red, Green'],
      ['Models', 'A2633, A2482, A2631, A2634, A2635'],
    ],
  },
};

type Answer = { status: number; body: string | Buffer; contentType?: string; location?: string };

/** How many requests the fake answers in a moving window before it answers 429, as GSMArena does to a burst. */
export interface SpecSourceBurst {
  requests: number;
  windowMs: number;
}

/**
 * A fake of GSMArena on 127.0.0.1: device pages by path, a search page, model pictures (its
 * image host fdn2.gsmarena.com is this same server here), and scripted failures (a 500, a page
 * that is not a device page). Past `burst` requests in its window it answers 429 with Retry-After,
 * like the real site (which bans an address that goes on). Records every path it was asked for
 * and the User-Agent of the last request.
 */
export async function startFakeSpecSource(burst: SpecSourceBurst = { requests: 30, windowMs: 60_000 }) {
  const window = new MovingWindow(burst.requests, burst.windowMs);
  let userAgent: string | undefined;
  const pages = new Map<string, Answer>();
  const searches = new Map<string, Array<{ name: string; path: string }>>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    userAgent = request.headers['user-agent'];
    const waitMs = window.waitFor(1);
    if (waitMs > 0) {
      response.writeHead(429, { 'Content-Type': 'text/html', 'Retry-After': String(Math.ceil(waitMs / 1000)) });
      response.end('<html><body><h1>Too Many Requests</h1></body></html>');
      return;
    }
    window.record(1);
    let answer: Answer = { status: 404, body: '<html><body><h1>Page not found</h1></body></html>' };
    if (url.pathname === '/results.php3') {
      const query = (url.searchParams.get('sSearch') ?? '').toLowerCase();
      answer = { status: 200, body: gsmarenaSearchPage(searches.get(query) ?? []) };
    } else {
      answer = pages.get(url.pathname.slice(1)) ?? answer;
    }
    response.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'text/html; charset=utf-8', ...(answer.location && { Location: answer.location }) });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    userAgent: () => userAgent,
    serveDevice(path: string, device: FakeDevicePage): void {
      pages.set(path, { status: 200, body: gsmarenaDevicePage(device) });
    },
    /** A picture file as GSMArena's image host serves it (e.g. 'vv/bigpic/apple-iphone-13.jpg'). */
    servePicture(path: string, body: Buffer, contentType = 'image/jpeg'): void {
      pages.set(path, { status: 200, body, contentType });
    },
    /** What `/results.php3?sSearch=<query>` lists (query compared lower-cased). */
    serveSearch(query: string, results: Array<{ name: string; path: string }>): void {
      searches.set(query.toLowerCase(), results);
    },
    /** A 302 to `location` (another host, or another page of this one). */
    redirect(path: string, location: string): void {
      pages.set(path, { status: 302, body: '', location });
    },
    failWithServerError(path: string): void {
      pages.set(path, { status: 500, body: '<html><body>Internal Server Error</body></html>' });
    },
    /** A 200 page without the device page's structure (a captcha or a changed layout). */
    serveMalformed(path: string): void {
      pages.set(path, { status: 200, body: '<html><body><div class="captcha">Are you a robot?</div></body></html>' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
