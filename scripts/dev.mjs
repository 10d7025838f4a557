// `npm run dev`: the API and the workers in watch mode (`nest start --watch`, nest-cli.json), the
// contracts recompiled as they change, and Vite's dev server with hot reload, which proxies `/api`
// and `/uploads` to the API: open http://localhost:5173.
import { spawn } from 'node:child_process';
import { prepareEnvironment, root, run, runTogether } from './run-environment.mjs';

const env = await prepareEnvironment({ serveFrontend: false });
// The workers import the backend's build (`@market/backend`), and the migration runs from it.
run('npm', ['run', 'build', '-w', 'contracts']);
run('npm', ['run', 'build', '-w', 'backend']);
run(process.execPath, ['backend/dist/database/migrate.js'], env);

const watch = (command, args) => spawn(command, args, { cwd: root, env, stdio: 'inherit' });
runTogether([
  watch('npx', ['tsc', '-p', 'contracts', '--watch', '--preserveWatchOutput']),
  watch('npx', ['nest', 'start', 'backend', '--watch', '--preserveWatchOutput']),
  watch('npx', ['nest', 'start', 'workers', '--watch', '--preserveWatchOutput']),
  watch('npm', ['run', 'dev', '-w', 'frontend']),
]);
