// `npm run bench [suite...]`: runs the benchmark suites one after another and prints their ratios.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killAll, printSuite, ROOT, type SuiteResult } from './lib.ts';
import { campaignsSuite } from './suites/campaigns.ts';
import { consoleSuite } from './suites/console.ts';
import { contactsSuite } from './suites/contacts.ts';
import { unifiedSendSuite } from './suites/unified-send.ts';
import { webhooksSuite } from './suites/webhooks.ts';

const SUITES: Record<string, () => Promise<SuiteResult>> = { contacts: contactsSuite, 'unified-send': unifiedSendSuite, webhooks: webhooksSuite, campaigns: campaignsSuite, console: consoleSuite };

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !SUITES[name]);
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(', ')}; suites: ${Object.keys(SUITES).join(', ')}`);
  const results: SuiteResult[] = [];
  for (const [name, suite] of Object.entries(SUITES)) {
    if (wanted.length && !wanted.includes(name)) continue;
    const result = await suite();
    printSuite(result);
    results.push(result);
  }
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
}

process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});
main().catch((error: unknown) => {
  killAll();
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
