import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { databaseUrl, startApi } from './lib/stack.mjs';
const api = await startApi({ DATABASE_URL: databaseUrl('market_bench'), STORAGE_DIR: '/tmp/probe-storage' });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const { phones } = await (await fetch(`${api.baseUrl}/api/phone?page=1`)).json();
for (const url of [`${api.baseUrl}/`, `${api.baseUrl}/phone/${phones[0]._id}`]) {
  await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
  const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
  console.log(url, lhr.categories.performance.score);
  for (const r of lhr.audits['network-requests'].details.items) console.log(Math.round(r.networkRequestTime).toString().padStart(6), Math.round(r.networkEndTime).toString().padStart(6), String(Math.round(r.transferSize/1024)).padStart(4)+'KB', r.priority, r.url.replace(api.baseUrl, '').slice(0, 90));
  for (const i of lhr.audits['bootup-time'].details.items.slice(0, 5)) console.log('bootup', Math.round(i.total), Math.round(i.scripting), i.url.replace(api.baseUrl, ''));
  for (const i of lhr.audits['mainthread-work-breakdown'].details.items.slice(0, 6)) console.log('main', i.groupLabel, Math.round(i.duration));
}
await chrome.kill(); await api.stop();
