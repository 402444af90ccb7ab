// The runner's "user": what a person does in the workbench, driven through Playwright.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Which button the user presses for an approval prompt naming a path with this text. */
const ANSWERS = [
  { match: 'approve-me', button: 'Approve' },
  { match: 'deny-me', button: 'Deny' },
];
/** What every approval prompt must show: the tool, the path, why, and the setting. */
const PROMPT_PARTS = ['write_to_file', 'Tool: write_to_file', 'Path: ', 'Why: ', 'approval.editFiles'];

/**
 * Answer approval prompts until `done` settles, recording each one: a modal dialog, or a
 * notification. In extension-test mode VS Code refuses modal dialogs (the suite's workspace
 * asks for notifications), and with the smoke-test driver on it shows no toasts: the
 * notification center is kept open and the prompt is answered there.
 */
async function answerPrompts(page, done, prompts = []) {
  let running = true;
  done.then(() => (running = false));
  const center = page.locator('.notifications-center');
  const candidates = [page.locator('.monaco-dialog-box'), center.locator('.monaco-list-row').filter({ hasText: 'Quiver: allow' })];
  while (running) {
    if (!(await center.isVisible().catch(() => false)))
      await page
        .locator('[id="status.notifications"]')
        .click({ timeout: 1000 })
        .catch(() => {});
    let answered = false;
    for (const candidate of candidates) {
      const box = candidate.first();
      if (!(await box.isVisible().catch(() => false))) continue;
      prompts.push(await answer(box));
      answered = true;
      await page.waitForTimeout(300).catch(() => {});
    }
    if (!answered) await page.waitForTimeout(150).catch(() => (running = false));
  }
  return prompts;
}

async function answer(box) {
  const text = await box.innerText().catch(() => '');
  const button = ANSWERS.find((d) => text.includes(d.match))?.button ?? 'Deny';
  await box
    .getByRole('button', { name: button, exact: true })
    .click()
    .catch((e) => console.error(`[prompts] could not click ${button}: ${e.message}`));
  return { text, button };
}

/** Problems with the prompts seen: each expected one shown once, with every part, and no others. */
function checkPrompts(prompts, expected = ANSWERS.map((d) => d.match)) {
  const problems = [];
  for (const match of expected) {
    const seen = prompts.find((x) => x.text.includes(match));
    if (!seen) {
      problems.push(`no approval prompt for ${match}`);
      continue;
    }
    for (const part of PROMPT_PARTS)
      if (!seen.text.includes(part)) problems.push(`the prompt for ${match} does not show '${part}':\n${seen.text}`);
  }
  for (const other of prompts.filter((x) => !ANSWERS.some((d) => x.text.includes(d.match))))
    problems.push(`unexpected approval prompt (denied):\n${other.text}`);
  return problems;
}

/**
 * Run a command from the command palette by its title. The palette lists what is registered
 * when it opens, so it is reopened until the command is there (the extension may still be
 * loading).
 */
async function runCommand(page, title, ms = 30_000) {
  const end = Date.now() + ms;
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first();
  for (;;) {
    await page.keyboard.press('F1');
    const opened = await input.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (opened) await input.fill(`>${title}`);
    if (
      opened &&
      (await row.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      ))
    )
      break;
    await page.keyboard.press('Escape');
    if (Date.now() > end) throw new Error(`the command palette has no '${title}'`);
    await page.waitForTimeout(1_000);
  }
  await page.keyboard.press('Enter');
}

/** Pick an item in an open quick pick by its label. */
async function pick(page, label) {
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: label }).first().waitFor({ timeout: 15_000 });
  await input.fill(label);
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: label }).first().waitFor({ timeout: 5_000 });
  await page.keyboard.press('Enter');
}

/** Replace the text of the input box titled `title` once it is open, and accept it. */
async function enter(page, title, text) {
  await page.locator('.quick-input-widget .quick-input-title').filter({ hasText: title }).waitFor({ timeout: 10_000 });
  const input = page.locator('.quick-input-widget input');
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/**
 * The UI run: no test module, so VS Code shows real modal dialogs. The user runs
 * `Quiver: Run Tool…` from the command palette, picks write_to_file, enters its parameters,
 * sees the diff preview behind the modal approval prompt, and approves; the file is written.
 * Then read_file, whose result opens in an editor.
 */
async function uiRun(page, folder, screenshot = async () => {}) {
  const problems = [];
  const target = path.join(folder, 'modal-approve-me.txt');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  // Activation is on start-up finished; the command palette lists the command once it is in.
  await runCommand(page, 'Quiver: Run Tool');
  await pick(page, 'write_to_file');
  await enter(page, 'write_to_file parameters', JSON.stringify({ path: 'modal-approve-me.txt', content: 'approved in the modal\n' }));
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 20_000 });
  const preview = page.locator('.tabs-container .tab').filter({ hasText: 'modal-approve-me.txt (proposed by write_to_file)' });
  if (!(await preview.isVisible().catch(() => false))) problems.push('no diff preview of modal-approve-me.txt behind the approval dialog');
  await screenshot('ui-approval.png');
  const prompt = await answer(dialog);
  problems.push(...checkPrompts([prompt], ['modal-approve-me']));
  if (!(await waitForFile(target, 'approved in the modal\n'))) problems.push(`${target} was not written after the modal approval`);
  // The result opens in an editor; wait for it, or it takes the focus from the next quick pick.
  const written = page.locator('.tabs-container .tab').filter({ hasText: 'write_to_file result' });
  await written
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => problems.push('the write_to_file result did not open in an editor'));

  await runCommand(page, 'Quiver: Run Tool');
  await pick(page, 'read_file');
  await enter(page, 'read_file parameters', JSON.stringify({ path: 'hello.txt' }));
  const result = page.locator('.editor-group-container .monaco-editor').filter({ hasText: 'hello from the e2e workspace' });
  await result
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => problems.push('the read_file result did not open in an editor'));
  return problems;
}

async function waitForFile(file, content, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

module.exports = { answerPrompts, checkPrompts, uiRun };
