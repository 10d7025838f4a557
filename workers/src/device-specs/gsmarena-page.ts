import { load, type CheerioAPI } from 'cheerio';
import { COLORS_SPEC, MEMORY_SPEC, type QuickSpecName, type SpecEntry, type SpecSection } from '@market/contracts';
import { SpecSourceError } from './spec-source.client';

/** The specs a device page shows. */
export interface DevicePage {
  name: string;
  img: string | null;
  quickSpec: SpecEntry[];
  detailSpec: SpecSection[];
}

/** GSMArena's highlighted specs (`data-spec="...-hl"`) in the page's order, under the names the catalogue uses. */
const QUICK_SPECS: ReadonlyArray<readonly [string, QuickSpecName]> = [
  ['displaysize-hl', 'Display size'],
  ['displayres-hl', 'Display resolution'],
  ['camerapixels-hl', 'Camera pixels'],
  ['videopixels-hl', 'Video pixels'],
  ['ramsize-hl', 'RAM size'],
  ['chipset-hl', 'Chipset'],
  ['batsize-hl', 'Battery size'],
  ['battype-hl', 'Battery type'],
];

function cellText(cell: ReturnType<CheerioAPI>): string {
  cell.find('br').replaceWith('\n');
  return cell
    .text()
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** '12' followed by its unit span 'MP' reads '12MP', as the seed writes it ('4GB RAM', '3240mAh'). */
function highlights($: CheerioAPI): Map<string, string> {
  const found = new Map<string, string>();
  $('[data-spec$="-hl"]').each((_, element) => {
    const key = $(element).attr('data-spec')!;
    if (found.has(key)) return;
    const unit = element.tagName === 'span' ? $(element).next('span:not([data-spec])').text().trim() : '';
    const value = `${cellText($(element))}${unit}`.trim();
    if (value) found.set(key, value);
  });
  return found;
}

/** Each `#specs-list table`: its `th` names the section, rows of `td.ttl` / `td.nfo`; a row without a title continues the one above. */
function detailSections($: CheerioAPI): SpecSection[] {
  const sections: SpecSection[] = [];
  $('#specs-list table').each((_, table) => {
    const category = $(table).find('th').first().text().trim();
    const specifications: SpecEntry[] = [];
    $(table)
      .find('tr')
      .each((_, row) => {
        const name = $(row).find('td.ttl').first().text().replace(/\s+/g, ' ').trim();
        const value = cellText($(row).find('td.nfo').first());
        const previous = specifications.at(-1);
        if (!value) return;
        if (name) specifications.push({ name, value });
        else if (previous) previous.value = `${previous.value}\n${value}`;
      });
    if (category && specifications.length) sections.push({ category, specifications });
  });
  return sections;
}

/** The wizard reads memory and colours from these entries, so the marked cells are taken as they are. */
function setEntry(sections: SpecSection[], where: { category: string; name: string }, value: string): void {
  let section = sections.find((candidate) => candidate.category === where.category);
  if (!section) {
    section = { category: where.category, specifications: [] };
    sections.push(section);
  }
  const entry = section.specifications.find((candidate) => candidate.name === where.name);
  if (entry) entry.value = value;
  else section.specifications.push({ name: where.name, value });
}

/** Reads a GSMArena device page; a page without its structure (a captcha, a changed layout) is refused. */
export function parseDevicePage(html: string): DevicePage {
  const $ = load(html);
  const name = $('[data-spec="modelname"]').first().text().trim() || $('h1.specs-phone-name-title').first().text().trim();
  const found = highlights($);
  const quickSpec = QUICK_SPECS.filter(([key]) => found.has(key)).map(([key, specName]) => ({ name: specName, value: found.get(key)! }));
  const detailSpec = detailSections($);
  if (!name || quickSpec.length === 0 || detailSpec.length === 0) {
    throw new SpecSourceError('the page is not a device page (no name, highlights or spec tables)', false);
  }
  const internal = cellText($('[data-spec="internalmemory"]').first());
  if (internal) setEntry(detailSpec, MEMORY_SPEC, internal);
  const colors = cellText($('[data-spec="colors"]').first());
  if (colors) setEntry(detailSpec, COLORS_SPEC, colors);
  return { name, img: $('.specs-photo-main img').first().attr('src') ?? null, quickSpec, detailSpec };
}

/** The device pages a search results page lists, with the names they show ('Apple<br>iPhone 13' → 'Apple iPhone 13'). */
export function parseSearchResults(html: string): Array<{ name: string; path: string }> {
  const $ = load(html);
  return $('.makers li a')
    .toArray()
    .map((link) => {
      $(link).find('br').replaceWith(' ');
      return { name: $(link).text().replace(/\s+/g, ' ').trim(), path: $(link).attr('href') ?? '' };
    })
    .filter((result) => result.name && result.path);
}
