// `npm run drills [-- --minutes 10 ...]`: the soak (soak.ts). `npm run drills -- --restore [--listings N ...]`:
// the restore drill (restore.ts). `npm run drills -- --scale-out [--minutes 5 ...]`: nodes killed under load
// behind HAProxy (scale-out.ts). Each reads the rest of the command line as its own options.
const DRILLS: Record<string, string> = { '--restore': './restore', '--scale-out': './scale-out', '--scale': './scale-out' };
const chosen = process.argv.findIndex((argument) => argument in DRILLS);
const drill = chosen === -1 ? './soak' : DRILLS[process.argv[chosen]];
if (chosen !== -1) process.argv.splice(chosen, 1);
void import(drill);
