// `npm start`: install what is missing, build, create and migrate the database, then run
// the API (serving the app) and the workers together until Ctrl+C.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_NODE_ARGS } from './api-command.mjs';
import { prepareEnvironment, root, run, runTogether } from './run-environment.mjs';

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) run('npm', ['install', '--no-audit', '--no-fund']);
const env = await prepareEnvironment({ serveFrontend: true });
run('npm', ['run', 'build']);
run(process.execPath, ['backend/dist/database/migrate.js'], env);

runTogether([
  spawn(process.execPath, API_NODE_ARGS, { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, ['workers/dist/main.js'], { cwd: root, env, stdio: 'inherit' }),
]);
