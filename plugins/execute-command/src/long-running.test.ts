import { describe, expect, it } from 'vitest';
import { isLongRunningCommand, LONG_RUNNING_PATTERNS } from './long-running.js';

// One or more commands per pattern of SPEC Part B §3, in pattern order.
const longRunning = [
  ['npm install', 'pnpm ci', 'yarn build', 'bun test'],
  ['npm run build', 'pnpm run test', 'yarn run lint', 'bun run typecheck', 'npm run check'],
  ['pip install requests', 'pip3 install -r requirements.txt', 'uv install x'],
  ['poetry install', 'pipenv install'],
  ['cargo build --release', 'go test ./...', 'mvn install', 'gradle check', 'gradlew build'],
  ['make', 'make -j8 all', 'cmake ..', 'ctest'],
  ['pytest -q', 'tox', 'nox -s lint', 'npx jest', 'vitest run', 'mocha'],
  ['docker build .', 'podman build -t x .'],
  ['torchrun main.py', 'deepspeed train.py', 'accelerate launch x.py'],
  ['ffmpeg -i a.mp4 b.webm'],
  ['python train.py', 'python3 scripts/finetune.py', 'python3.11 -m pkg.train'],
];

const notLongRunning = [
  'ls -la',
  'git status',
  'npm run dev',
  'npm start',
  'cat makefile.txt',
  'python app.py',
  'echo building',
  'dockerbuild .',
  'npm testing',
];

describe('isLongRunningCommand', () => {
  it('has the 11 baseline patterns', () => {
    expect(LONG_RUNNING_PATTERNS).toHaveLength(11);
  });

  longRunning.forEach((commands, index) => {
    for (const command of commands) {
      it(`pattern ${index + 1}: ${command}`, () => {
        expect(isLongRunningCommand(command)).toBe(true);
        expect(LONG_RUNNING_PATTERNS[index].test(command.trim().replace(/\s+/g, ' '))).toBe(true);
      });
    }
  });

  for (const command of notLongRunning) {
    it(`not long-running: ${command}`, () => {
      expect(isLongRunningCommand(command)).toBe(false);
    });
  }

  it('is case-insensitive', () => {
    expect(isLongRunningCommand('NPM TEST')).toBe(true);
    expect(isLongRunningCommand('Docker Build .')).toBe(true);
  });

  it('trims and collapses whitespace, newlines included', () => {
    expect(isLongRunningCommand('  npm \n\t  test  ')).toBe(true);
    expect(isLongRunningCommand('accelerate\n\nlaunch run.py')).toBe(true);
  });

  it('finds a long-running part of a compound command', () => {
    expect(isLongRunningCommand('cd web && npm install')).toBe(true);
  });
});
