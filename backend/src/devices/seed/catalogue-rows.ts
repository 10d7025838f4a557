import { QUICK_SPEC_NAMES, type SpecEntry, type SpecSection } from '@market/contracts';

/*
 * The shipped catalogue is written one phone per line (`data/<brand>.txt`), its specs filled
 * into GSMArena's shape here, so 600+ models stay readable and reviewable:
 *
 *   brand: Realme
 *   Realme C67 | 2023, December | 6.72 IPS LCD, 90Hz | 1080x2400 | Qualcomm SM6225 Snapdragon 685 (6 nm) |
 *     Android 14, Realme UI 5.0 | 128/6 256/8 | sd | 108 MP wide, 2 MP depth | 1080p | 5000 | Black Rock, Sunny Oasis
 *
 * Columns: name | announced | display (inches, then type) | resolution | chipset | OS |
 * memory (storage/RAM in GB, 1T for 1TB) | card slot | main cameras | video | battery (mAh, then
 * type when not Li-Po) | colours. The chipset's quick spec is its name without the maker and
 * process ('Snapdragon 685'); a different one follows ' ~ '. Lines starting with '#' are notes.
 */

const COLUMNS = ['name', 'announced', 'display', 'resolution', 'chipset', 'os', 'memory', 'card', 'cameras', 'video', 'battery', 'colors'] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

const CARD_SLOTS: Record<string, string> = {
  no: 'No',
  sd: 'microSDXC (dedicated slot)',
  shared: 'microSDXC (uses shared SIM slot)',
};

const CAMERA_COUNTS = ['Single', 'Dual', 'Triple', 'Quad', 'Penta'];

const VIDEO_MODES: Record<string, string> = {
  '4320p': '8K@24/30fps, 4K@30/60fps, 1080p@30/60/240fps',
  '2160p': '4K@30/60fps, 1080p@30/60fps',
  '1440p': '1440p@30fps, 1080p@30/60fps',
  '1080p': '1080p@30fps',
  '720p': '720p@30fps',
};

/** A row's column problems are reported by line, like a broken JSON entry. */
export class CatalogueRowError extends Error {}

/** The devices of one brand file; each entry still goes through the seed schema. */
export function expandCatalogueRows(text: string): { entries: unknown[]; problems: string[] } {
  const entries: unknown[] = [];
  const problems: string[] = [];
  let brand: string | undefined;
  text.split('\n').forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) return;
    const brandLine = /^brand:\s*(.+)$/i.exec(line);
    if (brandLine) {
      brand = brandLine[1].trim();
      return;
    }
    try {
      if (!brand) throw new CatalogueRowError("no 'brand:' line before the first phone");
      entries.push(expandRow(parseRow(line), brand));
    } catch (error) {
      if (!(error instanceof CatalogueRowError)) throw error;
      problems.push(`line ${index + 1}: ${error.message}`);
    }
  });
  return { entries, problems };
}

function parseRow(line: string): Row {
  const cells = line.split('|').map((cell) => cell.trim());
  if (cells.length !== COLUMNS.length) throw new CatalogueRowError(`${cells.length} columns, expected ${COLUMNS.length} (${COLUMNS.join(' | ')})`);
  const empty = COLUMNS.filter((_, index) => cells[index] === '');
  if (empty.length) throw new CatalogueRowError(`empty ${empty.join(', ')}`);
  return Object.fromEntries(COLUMNS.map((column, index) => [column, cells[index]])) as Row;
}

function expandRow(row: Row, brand: string) {
  const display = /^(\d+(?:\.\d+)?)\s+(.+)$/.exec(row.display);
  if (!display) throw new CatalogueRowError(`display '${row.display}' is not '<inches> <type>'`);
  const resolution = /^(\d+)x(\d+)$/.exec(row.resolution);
  if (!resolution) throw new CatalogueRowError(`resolution '${row.resolution}' is not '<width>x<height>'`);
  const [chipset, chipsetQuick = shortChipsetName(chipset)] = row.chipset.split(' ~ ').map((part) => part.trim());
  const memory = memoryOptions(row.memory);
  const rams = [...new Set(memory.map((option) => option.ram))].sort((a, b) => a - b);
  // Huawei's TOF 3D camera counts as a camera, as GSMArena counts it; a LiDAR scanner or an 'auxiliary lens' does not.
  const cameras = row.cameras.split(/,\s*(?=\d+(?:\.\d+)?\s*MP|TOF 3D(?! LiDAR))/);
  const mainCamera = /^(\d+(?:\.\d+)?)\s*MP/.exec(cameras[0]);
  if (!mainCamera || cameras.length > CAMERA_COUNTS.length) throw new CatalogueRowError(`cameras '${row.cameras}' are not '<n> MP <role>, …'`);
  const video = VIDEO_MODES[row.video];
  if (!video) throw new CatalogueRowError(`video '${row.video}' is not one of ${Object.keys(VIDEO_MODES).join(', ')}`);
  const battery = /^(\d{3,5})(?:\s+(.+))?$/.exec(row.battery);
  if (!battery) throw new CatalogueRowError(`battery '${row.battery}' is not '<mAh> [type]'`);
  const batteryType = battery[2] ?? 'Li-Po';

  const quickValues = [
    `${display[1]}"`,
    `${resolution[1]}x${resolution[2]} pixels`,
    `${mainCamera[1]}MP`,
    row.video,
    `${rams.length > 1 ? `${rams[0]}-${rams[rams.length - 1]}` : rams[0]}GB RAM`,
    chipsetQuick,
    `${battery[1]}mAh`,
    batteryType,
  ];
  const quickSpec: SpecEntry[] = QUICK_SPEC_NAMES.map((name, index) => ({ name, value: quickValues[index] }));
  const detailSpec: SpecSection[] = [
    section('Launch', ['Announced', row.announced]),
    section('Display', ['Type', display[2]], ['Size', `${display[1]} inches`], ['Resolution', `${resolution[1]} x ${resolution[2]} pixels`]),
    section('Platform', ['OS', row.os], ['Chipset', chipset]),
    section(
      'Memory',
      ['Card slot', CARD_SLOTS[row.card] ?? row.card],
      ['Internal', memory.map((option) => `${option.storage} ${option.ram}GB RAM`).join(', ')],
    ),
    section('Main Camera', [CAMERA_COUNTS[cameras.length - 1], cameras.join(', ')], ['Video', video]),
    section('Battery', ['Type', `${batteryType} ${battery[1]} mAh`]),
    section('Misc', ['Colors', row.colors]),
  ];
  return { name: row.name, brand, quickSpec, detailSpec };
}

function section(category: string, ...entries: Array<[string, string]>): SpecSection {
  return { category, specifications: entries.map(([name, value]) => ({ name, value })) };
}

/** '128/6 256/8 1T/12' → 128GB with 6GB RAM, 256GB with 8GB RAM, 1TB with 12GB RAM. */
function memoryOptions(column: string): Array<{ storage: string; ram: number }> {
  return column.split(/\s+/).map((option) => {
    const match = /^(\d+)(T?)\/(\d+(?:\.\d+)?)$/.exec(option);
    if (!match) throw new CatalogueRowError(`memory option '${option}' is not '<storage>/<RAM>'`);
    return { storage: `${match[1]}${match[2] ? 'TB' : 'GB'}`, ram: Number(match[3]) };
  });
}

/** 'Qualcomm SM6225 Snapdragon 685 (6 nm)' → 'Snapdragon 685', as GSMArena highlights it. */
function shortChipsetName(chipset: string): string {
  return chipset
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/^(Qualcomm|Mediatek|MediaTek|HiSilicon)\s+/, '')
    .replace(/^(SDM|SM|MT)\d{3,4}(-[A-Z]{2})?\s+/, '')
    .trim();
}
