// Console first render: from navigation start to the inbox's conversation rows on screen (demo seed), in
// Debian's Chromium, against the same browser loading a static page of the same bytes from bare node:http.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/fixtures/browser.ts';
import { ROOT, startChild, startServe, tempDir, type SuiteResult } from '../lib.ts';

const RUNS = 5;
const TARGET_MS = 1_500;
const ROWS = '[data-testid="conversation-list"] [data-testid="conversation-row"]';

type Load = { ms: number; bytes: number; rows: number };

/** Runs in the page before its own scripts: marks the frame that first paints a conversation row (no driver polling in the time). */
function markFirstRender(selector: string): void {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => performance.mark('first-render'));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** One cold load in a fresh page (its own context, so an empty cache): time to first render and the bytes fetched until then. */
async function load(browser: Browser, url: string): Promise<Load> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.addInitScript(markFirstRender, ROWS);
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('first-render').length > 0);
    return await page.evaluate((selector) => {
      const at = performance.getEntriesByName('first-render')[0]?.startTime ?? Number.NaN;
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      const bytes = entries.filter((entry) => entry.responseEnd <= at).reduce((sum, entry) => sum + entry.decodedBodySize, 0);
      return { ms: at, bytes, rows: document.querySelectorAll(selector).length };
    }, ROWS);
  } finally {
    await page.close();
  }
}

/** The baseline page: as many rows as the console showed, after padding that brings it to the console's bytes. */
function staticPage(bytes: number, rows: number): string {
  const items = Array.from({ length: rows }, (_, i) => `<li data-testid="conversation-row"><strong>Customer ${i + 1}</strong> <span>Hi, is my order on its way?</span></li>`).join('');
  const shell = (padding: string) => `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title><!--${padding}--></head>`
    + `<body><div data-testid="conversation-list"><ul>${items}</ul></div></body></html>`;
  return shell('x'.repeat(Math.max(0, bytes - Buffer.byteLength(shell('')))));
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number): string => `${Math.round(value)} ms`;

export async function consoleSuite(): Promise<SuiteResult> {
  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the console failed to build');
  const temp = tempDir('console');
  const browser = await launchBrowser();
  try {
    const server = await startServe(join(temp.dir, 'bench.db'), { seed: 'demo' });
    const { consoleUrl } = server.ready;
    const warm = await load(browser, consoleUrl);
    const responseFile = join(temp.dir, 'page.json');
    writeFileSync(responseFile, JSON.stringify({
      status: 200, body: Buffer.from(staticPage(warm.bytes, warm.rows)).toString('base64'), headers: { 'content-type': 'text/html; charset=utf-8' },
    }));
    const bare = await startChild<{ url: string }>(process.execPath, ['bench/bare-server.mjs', responseFile]);
    await load(browser, `${bare.ready.url}/`);

    // Interleaved, so both see the same machine state.
    const consoleRuns: Load[] = [];
    const baselineRuns: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      consoleRuns.push(await load(browser, consoleUrl));
      baselineRuns.push(await load(browser, `${bare.ready.url}/`));
    }
    await bare.stop();
    await server.stop();

    const consoleMs = median(consoleRuns.map((run) => run.ms));
    const baselineMs = median(baselineRuns.map((run) => run.ms));
    return {
      suite: 'console',
      rows: [],
      ratios: [
        { name: `console first render, median of ${RUNS}: ${ms(consoleMs)} ÷ the ${TARGET_MS.toLocaleString()} ms target`, value: consoleMs / TARGET_MS, target: '≤ 1', pass: consoleMs <= TARGET_MS },
        { name: `console first render ÷ a static page of the same bytes from bare node:http (${ms(baselineMs)})`, value: consoleMs / baselineMs, target: 'informative', pass: true },
      ],
      notes: [
        `console (demo seed, ${warm.rows} WhatsApp rows, ${warm.bytes.toLocaleString()} bytes fetched before first render): ${consoleRuns.map((run) => ms(run.ms)).join(', ')}`,
        `static page (${baselineRuns[0]?.bytes.toLocaleString() ?? '?'} bytes, ${baselineRuns[0]?.rows ?? '?'} rows): ${baselineRuns.map((run) => ms(run.ms)).join(', ')}`,
        'first render = navigation start to the animation frame after the first conversation row enters the DOM; each load in a fresh page with an empty cache',
      ],
    };
  } finally {
    await browser.close();
    temp.remove();
  }
}
