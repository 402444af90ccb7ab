import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '@quiver/workspace';
import { createIgnoreService, type QuiverIgnoreService } from './create-ignore-service.js';

let base: string;
let root: string;
let ig: QuiverIgnoreService;

const FILES: Record<string, string> = {
  '.quiverignore': ['.env', '*.secret', 'private/', 'temp.*', '**/.git/**'].join('\n'),
  '.env': 'KEY=1',
  'x/.env': 'KEY=2',
  'config.secret': '',
  'temp.json': '',
  'private/x.txt': '',
  'src/a.ts': '',
  'src/nested/deep/key.secret': '',
  'clean/a.txt': '',
  'clean/sub/b.txt': '',
  'README.md': '',
};

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-cmd-')));
  root = join(base, 'root');
  for (const [path, content] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  await writeFile(join(base, 'outside.secret'), '');
  await symlink('.env', join(root, 'innocent'));
  await symlink('src', join(root, 'src-link'));
  ig = await createIgnoreService(await createWorkspace([root]));
});
afterAll(async () => {
  ig.dispose();
  await rm(base, { recursive: true, force: true });
});

const check = (command: string, cwd = root) => ig.checkCommand(command, cwd);

async function denied(command: string, rule: string, subject?: string, cwd = root) {
  const d = await check(command, cwd);
  expect(d, command).toMatchObject({ allowed: false, rule });
  if (subject !== undefined) expect(d.subject, command).toBe(subject);
  expect(d.reason, command).toContain(`rule ${rule}`);
}
async function allowed(command: string, cwd = root) {
  const d = await check(command, cwd);
  expect(d, command).toEqual({ allowed: true });
}

describe('SPEC 14.2 validateCommand vectors', () => {
  it('returns the offending argument', async () => {
    await denied('cat .env', 'I3', '.env');
    await denied('cat ./.env', 'I3', './.env');
    await denied('CAT .env', 'I3', '.env');
    await denied('head -n 5 config.secret', 'I3', 'config.secret');
    await denied('grep -r TODO private/x.txt', 'I3', 'private/x.txt');
    await denied('Get-Content -Path .env', 'I3', '.env');
    await denied('sed -n 1p temp.json', 'I3', 'temp.json');
    await denied('less README.md .env', 'I3', '.env');
  });

  it('catches what the baseline misses', async () => {
    await denied(`cat ${root}/.env`, 'I3', `${root}/.env`);
    await denied('cd x && cat .env', 'I3', '.env');
    await denied('echo hi; cat .env', 'I3', '.env');
    await denied('/bin/cat .env', 'I3', '.env');
    await denied('cat ".env"', 'I3', '.env');
    await denied("cat '.env'", 'I3', '.env');
    await denied('cat .\\env', 'I3', '.env');
    await denied("cat $'\\x2eenv'", 'I3', '.env');
  });

  it('denies any command naming an ignored path (I1: ls and type C: too)', async () => {
    await denied('ls .env', 'I3', '.env');
    await denied('type C:.env', 'I3', '.env');
  });
});

describe('I1 candidates', () => {
  it('takes the part after = and after the last :', async () => {
    await denied('mytool --file=.env', 'I3', '.env');
    await denied('scp host:.env backup', 'I3', '.env');
    await denied('tool a:b:config.secret', 'I3', 'config.secret');
  });
  it('takes assignment values and redirect targets', async () => {
    await denied('FOO=.env true', 'I3', '.env');
    await denied('echo hi > .env', 'I3', '.env');
    await denied('cat < config.secret', 'I3', 'config.secret');
    await denied('echo hi 2> temp.json', 'I3', 'temp.json');
    await allowed('echo hi 2>&1');
  });
  it('screens nested and unwrapped segments', async () => {
    await denied('echo $(cat .env)', 'I3', '.env');
    await denied('echo "`cat .env`"', 'I3', '.env');
    await denied("bash -c 'cat .env'", 'I3', '.env');
    await denied('sudo cat .env', 'I3', '.env');
    await denied('diff <(cat .env) README.md', 'I3', '.env');
    await denied('(cat .env)', 'I3', '.env');
    await denied('xargs cat .env', 'I3', '.env');
    await denied("eval 'cat .env'", 'I3', '.env');
  });
  it('does not screen the command word itself', async () => {
    await allowed('README.md');
  });
  it('matches case-insensitively and after NFC', async () => {
    await denied('cat .ENV', 'I3', '.ENV');
    await denied('cat CONFIG.Secret', 'I3', 'CONFIG.Secret');
  });
  it('screens the ignore file itself', async () => {
    await denied('cat .quiverignore', 'I3', '.quiverignore');
    await denied('echo > .clineignore', 'I3', '.clineignore');
  });
});

describe('I2 globs and braces', () => {
  it('expands unquoted globs with hidden files included', async () => {
    await denied('cat .e*', 'I3', '.env');
    await denied('cat ?env', 'I3', '.env');
    await denied('cat [.]env', 'I3', '.env');
    await denied('cat *', 'I3');
    await denied('cat **/*.secret', 'I3');
    await denied('cat x/*', 'I3', 'x/.env');
  });
  it('expands braces', async () => {
    await denied('cat {.e,x}nv', 'I3', '.env');
    await denied('cat .{e,f}nv', 'I3', '.env');
  });
  it('leaves quoted globs alone', async () => {
    await allowed("cat '.e*'");
    await allowed('cat ".e*"');
    await allowed('cat \\*');
  });
  it('allows globs that match nothing ignored', async () => {
    await allowed('cat src/*.ts');
    await allowed('ls clean/*');
  });
});

describe('I3 resolution', () => {
  it('follows symlinks to ignored files', async () => {
    await denied('cat innocent', 'I3', 'innocent');
  });
  it('resolves relative to cwd', async () => {
    await denied('cat .env', 'I3', '.env', join(root, 'x'));
    await denied('cat ../config.secret', 'I3', '../config.secret', join(root, 'x'));
    await denied('cat .env', 'I3', '.env', 'x');
  });
  it('expands ~ to $HOME', async () => {
    const saved = process.env.HOME;
    process.env.HOME = root;
    try {
      await denied('cat ~/.env', 'I3', '~/.env');
    } finally {
      process.env.HOME = saved;
    }
  });
  it('reads an unquoted ~ as $HOME only, a quoted one as a literal folder', async () => {
    const saved = process.env.HOME;
    process.env.HOME = base;
    try {
      await allowed('cat ~/.env');
      await denied('cat "~/.env"', 'I3', '~/.env');
      await denied("cat '~'/.env", 'I3', '~/.env');
    } finally {
      process.env.HOME = saved;
    }
  });
  it('gives no verdict outside the root', async () => {
    await allowed('cat ../outside.secret');
    await allowed(`cat ${base}/outside.secret`);
    await allowed('cat /etc/hostname');
  });
  it('skips words that are not well-formed paths', async () => {
    await allowed('curl http://example.com/a');
    await allowed('echo "a b" "" \'x\\y\'');
    await allowed('git status');
    await allowed('cat README.md/x');
  });
});

describe('I4 recursive readers', () => {
  it('denies grep -r on a folder with an ignored entry at any depth', async () => {
    await denied('grep -r TODO src', 'I4', 'src');
    await denied('grep -rn TODO .', 'I4', '.');
    await denied('grep -R TODO src-link', 'I4', 'src-link');
    await denied('egrep --recursive TODO src', 'I4');
    await allowed('grep -r TODO clean');
    await allowed('grep TODO src/a.ts');
  });
  it('implies . for rg, ag, ack and bare grep -r', async () => {
    await denied('rg TODO', 'I4', '.');
    await denied('ag TODO', 'I4', '.');
    await denied('ack TODO', 'I4', '.');
    await denied('grep -r TODO', 'I4', '.');
    await allowed('rg TODO clean');
    await allowed('rg TODO', join(root, 'clean'));
  });
  it('implies no . once a directory is named, even one outside the root', async () => {
    const out = join(base, 'out-dir');
    await mkdir(out, { recursive: true });
    await allowed(`rg TODO ${out}`);
    await allowed('ack TODO ../out-dir');
    await allowed(`find ${out} -exec cat {} +`);
  });
  it('implies . for find only when no starting point is given', async () => {
    await allowed('find clean/a.txt -exec cat {} \\;');
    await allowed('find -L clean -exec cat {} +');
    await denied('find -L -exec cat {} +', 'I4', '.');
  });
  it('expands globs whose names hold regex-special characters', async () => {
    await allowed('cat clean/*-x clean/[a-]*.txt');
    await denied('cat co[n-o]fig.*', 'I3', 'config.secret');
  });
  it('covers cp/scp -r, rsync, tar, zip and find -exec', async () => {
    await denied('cp -r src /tmp/copy', 'I4', 'src');
    await denied('cp -a src /tmp/copy', 'I4', 'src');
    await denied('scp -r src host:/x', 'I4', 'src');
    await denied('rsync -a src/ /tmp/dest/', 'I4', 'src/');
    await denied('tar czf out.tgz src', 'I4', 'src');
    await denied('zip -r out.zip src', 'I4', 'src');
    await denied('find src -name "*.ts" -exec cat {} +', 'I4', 'src');
    await denied('find -exec cat {} ;', 'I4', '.');
    await allowed('cp src/a.ts /tmp/copy');
    await allowed('cp -r clean /tmp/copy');
    await allowed('find src -name "*.ts"');
    await allowed('tar czf out.tgz clean');
  });
  it('denies a recursive read of a folder that holds the root', async () => {
    await denied('grep -r TODO ..', 'I4', '..');
  });
});

describe('unparsable commands', () => {
  it('are denied like R1', async () => {
    await denied("echo 'unbalanced", 'R1');
    await denied('cat <<EOF\nx\nEOF', 'R1');
    await denied('', 'R1');
  });
});

describe('reload', () => {
  it('applies ignore-file edits to the next command', async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-cmd-reload-')));
    try {
      await writeFile(join(dir, '.quiverignore'), 'a.txt\n');
      const svc = await createIgnoreService(await createWorkspace([dir]));
      expect((await svc.checkCommand('cat a.txt', dir)).allowed).toBe(false);
      await writeFile(join(dir, '.quiverignore'), 'b.txt\n');
      expect((await svc.checkCommand('cat a.txt', dir)).allowed).toBe(true);
      expect((await svc.checkCommand('cat b.txt', dir)).allowed).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
