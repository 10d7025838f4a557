/** `--name value` pairs of a bench script's command line, with defaults. */
export function parseArgs(defaults) {
  const values = { ...defaults };
  const argv = process.argv.slice(2);
  for (let index = 0; index < argv.length; index += 2) {
    const name = argv[index].replace(/^--/, '');
    if (!(name in defaults)) throw new Error(`Unknown option --${name}; known: ${Object.keys(defaults).join(', ')}`);
    values[name] = typeof defaults[name] === 'number' ? Number(argv[index + 1]) : argv[index + 1];
  }
  return values;
}
