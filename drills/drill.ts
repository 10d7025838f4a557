// `npm run drills [-- --minutes 10 ...]`: the soak (soak.ts). `npm run drills -- --restore [--listings N ...]`:
// the restore drill (restore.ts). Each reads the rest of the command line as its own options.
const restore = process.argv.indexOf('--restore');
if (restore !== -1) process.argv.splice(restore, 1);
void import(restore === -1 ? './soak' : './restore');
