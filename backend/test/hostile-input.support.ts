import fc from 'fast-check';
import type { DataSource } from 'typeorm';

/*
 * Hostile input for the property-based tests of issue 9: values a careless form, a script or
 * an attacker sends, and a way to see whether a request changed the database.
 */

/** Text that has broken other web apps: SQL, markup, unicode tricks, numbers in disguise. */
const HOSTILE_TEXTS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5) --',
  '" OR ""="',
  "%' --",
  '$1',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "{{constructor.constructor('return process')()}}",
  '${7*7}',
  '\u202Egnp.exe',
  'a\u200Db\u200Cc\uFEFF',
  '\u0000',
  'abc\u0000def',
  '\uD800',
  '\uDC00x',
  '😀👨‍👩‍👧‍👦',
  '１２３４５',
  '９９８９０１２３４５６７',
  '٩٩٨٩٠١٢٣٤٥٦٧',
  '+998 90 123-45-67\u0000',
  '9'.repeat(400),
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '1e309',
  '1e20',
  '99999999999999999999',
  '2147483648',
  '0x10',
  '0.5',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '\r\nSet-Cookie: x=1',
] as const;

/** A JSON token written as is, for what JSON.stringify cannot produce: `1e400`, `-0`, 400-digit numbers. */
export class RawJson {
  constructor(readonly text: string) {}
  /** How fast-check prints it in a counterexample. */
  [fc.toStringMethod](): string {
    return `RawJson(${this.text})`;
  }
}

/** JSON text of a value that may hold RawJson tokens and own `__proto__` keys. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${jsonText(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `rest` with `key` as an own property, even `__proto__`, as JSON.parse makes it from a request body. */
function withOwnKey(key: string, value: unknown, rest: object = {}): object {
  const object = { ...rest };
  Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  return object;
}

const pollution = fc.constantFrom(
  withOwnKey('__proto__', { role: 'admin', isAdmin: true, phoneConfirmed: true }),
  withOwnKey('constructor', { prototype: { role: 'admin' } }),
);

/** Long text for fields with a length limit; kept under the 100 kB body limit only sometimes. */
const hugeText = fc
  .tuple(fc.constantFrom('A', 'é', '😀', "'", '\u0000'), fc.constantFrom(256, 5_000, 60_000))
  .map(([unit, count]) => unit.repeat(count));

/** Hostile text, cut to `maxLength` characters (a cut may split a surrogate pair, which is hostile too). */
export function hostileText(maxLength = Number.POSITIVE_INFINITY): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TEXTS), fc.constantFrom(...HOSTILE_TEXTS)).map(([a, b]) => a + b) },
      { weight: 1, arbitrary: hugeText },
    )
    .map((text) => text.slice(0, maxLength));
}

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.0001, 1e-7, 2 ** 31, 2 ** 53 + 2, 1e21, -1e308, 1e308),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400'), new RawJson('-0'), new RawJson('9'.repeat(400)), new RawJson('1E2')),
);

/** Any wrong value for a field: wrong types, hostile text, nesting, pollution keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: hostileText() },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('leaf'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileText(20), tie('leaf'), { maxKeys: 3 }) },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: fc.constantFrom(deepNesting(2_000), { $ne: null }, { $gt: '' }, [[]], {}) },
  ),
  leaf: fc.oneof(hostileText(64), hostileNumber, fc.constantFrom(true, null, {}, [])),
})).value;

function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

/** A request body as sent on the wire. */
export type WireBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'form'; fields: Record<string, string> };

const brokenBodies = fc.constantFrom<WireBody>(
  { kind: 'text', contentType: 'application/json', text: '{"phoneNumber": ' },
  { kind: 'text', contentType: 'application/json', text: "{'a': 1}" },
  { kind: 'text', contentType: 'application/json', text: '['.repeat(40_000) + ']'.repeat(40_000) },
  { kind: 'text', contentType: 'application/json', text: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}' },
  { kind: 'text', contentType: 'application/json', text: '\uFEFF{}' },
  { kind: 'text', contentType: 'application/json; charset=utf-16', text: '{}' },
  { kind: 'text', contentType: 'application/json; charset=latin1', text: '{"name":"\u00e9"}' },
  { kind: 'text', contentType: 'application/xml', text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { kind: 'text', contentType: 'text/plain', text: "' OR 1=1 --" },
  { kind: 'text', contentType: 'multipart/form-data', text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
  { kind: 'text', contentType: 'application/x-www-form-urlencoded', text: 'a=%E0%A4%A&b[]=1&__proto__[role]=admin' },
  { kind: 'text', contentType: 'application/json', text: 'A'.repeat(120_000) },
);

/**
 * Bodies for an endpoint whose valid body is `valid`: mostly almost valid (one field wrong,
 * missing or added), sometimes garbage of every kind.
 */
export function hostileBody(valid: Record<string, unknown> | undefined): fc.Arbitrary<WireBody> {
  const garbage = fc.oneof(
    { weight: 3, arbitrary: hostileValue.map((value): WireBody => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: brokenBodies },
    { weight: 1, arbitrary: fc.constant<WireBody>({ kind: 'none' }) },
  );
  if (!valid) return garbage;
  const fields = Object.keys(valid);
  const oneFieldWrong = fc
    .tuple(fc.constantFrom(...fields), hostileValue)
    .map(([field, value]): WireBody => ({ kind: 'json', value: withOwnKey(field, value, valid) }));
  const oneFieldMissing = fc
    .constantFrom(...fields)
    .map((field): WireBody => ({ kind: 'json', value: Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)) }));
  const oneFieldAdded = fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'role', 'balance', 'status', 'id', '_id', 'authorId'), hostileValue)
    .map(([key, value]): WireBody => ({ kind: 'json', value: withOwnKey(key, value, valid) }));
  const asForm = fc
    .tuple(fc.constantFrom(...fields), hostileText(2_000))
    .map(([field, text]): WireBody => ({
      kind: 'form',
      fields: { ...Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, String(value)])), [field]: text },
    }));
  return fc.oneof(
    { weight: 8, arbitrary: oneFieldWrong },
    { weight: 1, arbitrary: oneFieldMissing },
    { weight: 1, arbitrary: oneFieldAdded },
    { weight: 1, arbitrary: asForm },
    { weight: 3, arbitrary: garbage },
  );
}

/**
 * Percent-encoded UTF-8, at most `maxLength` characters (a cut may leave a broken escape, which
 * is hostile too). A lone surrogate has no UTF-8 form and travels as U+FFFD, as a browser sends it.
 */
export function urlEncoded(text: string, maxLength = 2_000): string {
  return encodeURIComponent(Buffer.from(text).toString()).slice(0, maxLength);
}

export interface MultipartBody {
  kind: 'multipart';
  files: readonly { field: string; content: Buffer; filename: string; contentType: string }[];
  fields: readonly (readonly [string, string])[];
}

/**
 * Uploads to an endpoint that takes images in `field`: sometimes one real photo, otherwise
 * broken, empty and disguised files under hostile names and fields, with hostile form fields.
 */
export function hostileMultipart(field: string, photo: Buffer): fc.Arbitrary<MultipartBody> {
  const file = fc.record({
    field: fc.constantFrom(field, field, 'image', 'files', 'evil', '__proto__'),
    content: fc.constantFrom(
      photo,
      photo.subarray(0, 200),
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from("'; DROP TABLE images; --"),
    ),
    filename: hostileText(200).map((name) => name.replace(/["\r\n]/g, '_') || 'photo.jpg'),
    contentType: fc.constantFrom('image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream'),
  });
  const realPhoto = { field, content: photo, filename: 'photo.jpg', contentType: 'image/jpeg' };
  return fc.record({
    kind: fc.constant('multipart' as const),
    files: fc.oneof({ weight: 1, arbitrary: fc.constant([realPhoto]) }, { weight: 3, arbitrary: fc.array(file, { maxLength: 3 }) }),
    fields: fc.array(fc.tuple(fc.constantFrom('image', 'files', 'name', '__proto__'), hostileText(500)), { maxLength: 2 }),
  });
}

/**
 * A query string: the endpoint's own parameters and a few others, each with hostile values,
 * some repeated (arrays) or in bracket syntax. It stays under 8 kB: longer request lines are
 * refused before the application's handlers see them (431 over 16 kB, test/app.spec.ts; nginx 414 over 8 kB).
 */
export function hostileQuery(parameters: readonly string[], validValues: readonly string[] = []): fc.Arbitrary<string> {
  const key = fc.constantFrom(...parameters, '__proto__', 'constructor', 'page[]', 'brand[$ne]', 'sort', '');
  const value = validValues.length
    ? fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...validValues) }, { weight: 2, arbitrary: hostileText() })
    : hostileText();
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([name, text]) => `${urlEncoded(name)}=${urlEncoded(text, 1_500)}`).join('&'))
    .map((query) => (query ? `?${query}` : ''));
}

/** A path segment: a real id sometimes, otherwise an unknown uuid or hostile text, encoded or malformed. */
export function hostileId(realIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: realIds.length ? fc.constantFrom(...realIds) : fc.uuid() },
    { weight: 1, arbitrary: fc.uuid({ version: [1, 4, 7] }) },
    { weight: 5, arbitrary: hostileText().map((text) => urlEncoded(text) || '%20') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%E0%A4%A', '%ZZ', '%ED%A0%80', '%C0%AF', '..%2F..%2Fhealth', '%2e%2e', '00000000-0000-0000-0000-000000000000'),
    },
  );
}

/**
 * Checksums of every table of the public schema, to compare before and after a request.
 * The tables of a test database are small, so one fingerprint costs a few milliseconds.
 */
export async function databaseFingerprinter(dataSource: DataSource): Promise<() => Promise<Map<string, string>>> {
  const tables: { tablename: string }[] = await dataSource.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const query = tables
    .map(
      ({ tablename }) =>
        `SELECT '${tablename}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS checksum FROM "${tablename}" t`,
    )
    .join(' UNION ALL ');
  return async () => {
    const rows: { name: string; checksum: string }[] = await dataSource.query(query);
    return new Map(rows.map((row) => [row.name, row.checksum]));
  };
}

/** The tables whose content differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, checksum]) => before.get(name) !== checksum).map(([name]) => name);
}
