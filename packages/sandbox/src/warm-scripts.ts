import { READ_ONLY_PROC } from './read-only-proc.js';

/**
 * The house's idle program (bash, builtins only): it says it is ready and waits until this
 * process closes its stdin (or dies: bubblewrap's --die-with-parent), then exits — and
 * bubblewrap with it, so the house's PID namespace ends and every slot and command in it is
 * killed.
 */
export const HOUSE_SCRIPT = 'echo ready\nwhile read -r _; do :; done';

/** The system call numbers a slot needs, per architecture (Linux's own tables). */
const SYSCALLS: Readonly<Record<string, { mount: number; unshare: number }>> = {
  x64: { mount: 165, unshare: 272 },
  arm64: { mount: 40, unshare: 97 },
};

/** This architecture's `mount` and `unshare` system call numbers; undefined where a slot cannot be made. */
export function slotSyscalls(arch: string = process.arch): { mount: number; unshare: number } | undefined {
  return SYSCALLS[arch];
}

/** The folder in a slot's /dev whose own tmpfs holds the slot's entry link (see {@link SLOT_SCRIPT}). */
export const SLOT_ENTRY_DIR = '/dev/.quiver-slot';

/** What a slot maker needs besides its system call numbers: see {@link slotMakerArgs}. */
export interface SlotMakerLayout {
  /** Whether each slot gets its own network namespace (network not `on`). */
  ownNetwork: boolean;
  /** coreutils `env`, which each slot's entry link points at. */
  env: string;
  /** The house's mounts under /tmp each slot mounts again over its fresh /tmp. */
  carried: readonly string[];
  /** The house's own writable mounts every slot must see read-only: /dev and each folder mask's tmpfs. */
  sealed: readonly string[];
}

/** The slot maker's arguments after `perl -e SLOT_SCRIPT`. */
export function slotMakerArgs(syscalls: { mount: number; unshare: number }, layout: SlotMakerLayout): string[] {
  return [
    String(syscalls.mount),
    String(syscalls.unshare),
    layout.ownNetwork ? '1' : '0',
    layout.env,
    String(layout.carried.length),
    ...layout.carried,
    ...layout.sealed,
  ];
}

const perlList = (paths: readonly string[]) => paths.map((p) => `'${p}'`).join(', ');

/**
 * The slot maker (Perl, which Debian always has): one process per house, started inside it with
 * the house's capabilities (nsenter), so this process spawns one process per house instead of
 * one per command (a spawn costs Node a few ms, more the more memory it holds).
 *
 * Once, before it says `maker`, it makes the house's own writable mounts that every slot would
 * otherwise share read-only (arguments after the carried paths: /dev and the mode-000 tmpfs of
 * each folder mask; uid 0 inside owns them and could chmod a mask and leave a file in it for
 * the next command), and makes the mount point of the slots' entry links.
 *
 * For each line `slot <id>` on its stdin it forks a slot: Perl does in about 4 ms of CPU what
 * `unshare`, eight `mount`s and `ip` take ~60 ms for, each `mount` reading the house's 400-line
 * mount table. The slot (its own process group) makes new PID, mount, IPC and (argument 3 is 1:
 * network not `on`) network namespaces and forks its PID 1, which: opens the house's paths
 * under /tmp it must carry; mounts a fresh /proc for its PID namespace with READ_ONLY_PROC
 * read-only; mounts a fresh /tmp and /dev/shm and the carried paths again over the new /tmp,
 * with everything mounted under them (masks, read-only folders, which keep their read-only
 * flag), from the fds opened before the new /tmp hid them; mounts its own tmpfs on
 * SLOT_ENTRY_DIR holding one link, named `<id>`, to `env` (argument 4), and makes it read-only:
 * a command enters through that link, which exists in this slot's mount namespace only, so a
 * join that reached any other process (its PID reused) fails instead of running; brings up its
 * loopback; and prints `ready <id> <n>` (`failed <id> <n>` if anything failed; n is the pid, in
 * the house, of the slot's first process, whose only child it is). It then waits for its
 * command to join — the next PID of its namespace — and to exit, polling every 50 ms, and
 * exits: the PID namespace ends, and everything the command left in it is killed. Handed out
 * (a line `go <id>`: the maker sends SIGUSR1 to its group), it waits 10 s at most for the join.
 * A line `kill <id>` kills the slot's process group and reaps it. Both act only while the slot
 * is still the maker's unreaped child, so its pid cannot have been reused, and a slot this
 * process gave up waiting for does not poll until the house ends. Each slot mounts its own
 * devpts instance (`newinstance`) on /dev/pts: a command cannot open another slot's terminal.
 */
export const SLOT_SCRIPT = String.raw`
my ($nr_mount, $nr_unshare, $net, $env, $ncarried, @sealed) = @ARGV;
my @carried = splice(@sealed, 0, $ncarried);
my ($NOSUID, $NODEV, $NOEXEC, $RDONLY, $REMOUNT, $BIND, $REC, $PRIVATE) = (2, 4, 8, 1, 32, 4096, 16384, 1 << 18);
my $mount = sub { my ($s, $t, $y, $f, $d) = @_; syscall($nr_mount + 0, $s, $t, $y, $f + 0, defined $d ? $d : 0) == 0 };
$| = 1;
mkdir '${SLOT_ENTRY_DIR}' unless -d '${SLOT_ENTRY_DIR}';
for my $p (@sealed) {
  $mount->('none', $p, '', $REMOUNT | $BIND | $RDONLY | $NOSUID | $NODEV) or do { print "failed - 0
"; exit 1 };
}
print "maker
";
my %slot;
while (defined(my $line = <STDIN>)) {
  my ($word, $id) = split ' ', $line;
  next unless defined $id && $id =~ /^[0-9a-f]{1,32}$/;
  if ($word eq 'kill') {
    my $p = delete $slot{$id};
    if ($p && waitpid($p, 1) == 0) { kill('KILL', -$p); waitpid($p, 0) }
    next;
  }
  if ($word eq 'go') {
    my $p = $slot{$id};
    next unless $p;
    if (waitpid($p, 1) != 0) { delete $slot{$id}; next }
    kill('USR1', -$p);
    next;
  }
  for my $k (keys %slot) { delete $slot{$k} if waitpid($slot{$k}, 1) != 0 }
  my $pid = fork();
  if (!defined $pid) { print "failed $id 0
"; next }
  if ($pid) { setpgrp($pid, $pid); $slot{$id} = $pid; next }
  setpgrp(0, 0);
  open(STDIN, '<', '/dev/null');
  slot($id);
  exit 0;
}
sub slot {
  my ($id) = @_;
  my $me = $$;
  my $fail = sub { print "failed $id $me
"; exit 1 };
  my $mnt = sub { $mount->(@_) or $fail->() };
  $SIG{USR1} = 'IGNORE';
  syscall($nr_unshare + 0, 0x20000 | 0x20000000 | 0x08000000 | ($net ? 0x40000000 : 0)) == 0 or $fail->();
  my $pid = fork() // $fail->();
  if ($pid) { waitpid($pid, 0); exit 0 }
  $mnt->('none', '/', '', $REC | $PRIVATE);
  my @fh; for my $p (@carried) { open(my $fh, '<', $p) or $fail->(); push @fh, $fh }
  $mnt->('proc', '/proc', 'proc', $NOSUID | $NODEV | $NOEXEC);
  for my $p (${perlList(READ_ONLY_PROC)}) {
    next unless -e $p;
    $mnt->($p, $p, '', $BIND);
    $mnt->('none', $p, '', $REMOUNT | $BIND | $RDONLY | $NOSUID | $NODEV | $NOEXEC);
  }
  $mnt->('devpts', '/dev/pts', 'devpts', $NOSUID | $NOEXEC, 'newinstance,ptmxmode=0666,mode=620') if -d '/dev/pts';
  $mnt->('tmpfs', '/tmp', 'tmpfs', $NOSUID | $NODEV);
  chmod(01777, '/tmp') or $fail->();
  if (-d '/dev/shm') { $mnt->('tmpfs', '/dev/shm', 'tmpfs', $NOSUID | $NODEV); chmod(01777, '/dev/shm') }
  for my $i (0 .. $#carried) {
    my $to = ''; for my $part (grep { length } split m{/}, $carried[$i]) { $to .= "/$part"; mkdir $to unless -e $to }
    $mnt->('/proc/self/fd/' . fileno($fh[$i]), $carried[$i], '', $BIND | $REC);
  }
  close $_ for @fh;
  $mnt->('tmpfs', '${SLOT_ENTRY_DIR}', 'tmpfs', $NOSUID | $NODEV);
  symlink($env, '${SLOT_ENTRY_DIR}/' . $id) or $fail->();
  $mnt->('none', '${SLOT_ENTRY_DIR}', '', $REMOUNT | $BIND | $RDONLY | $NOSUID | $NODEV);
  if ($net) {
    socket(my $s, 2, 2, 0) or $fail->();
    my $req = pack('a16 s x22', 'lo', 1);
    ioctl($s, 0x8914, $req) or $fail->();
    close $s;
  }
  my $last = sub { open(my $f, '<', '/proc/sys/kernel/ns_last_pid') or return 0; my $n = <$f>; close $f; $n + 0 };
  my $base = $last->();
  my $go = 0;
  $SIG{USR1} = sub { $go ||= time };
  print "ready $id $me
";
  while ($last->() <= $base) { exit 0 if $go && time - $go > 10; select(undef, undef, undef, 0.05) }
  my $cmd = $base + 1;
  while (-e "/proc/$cmd") { 1 while waitpid(-1, 1) > 0; select(undef, undef, undef, 0.05) }
  exit 0;
}
`;

/** The paths under /tmp a slot must mount again over its fresh /tmp: the outermost of `paths` there. */
export function carriedPaths(paths: readonly string[]): string[] {
  const under = [...new Set(paths.filter((p) => p === '/tmp' || p.startsWith('/tmp/')))].sort();
  return under.filter((p) => !under.some((q) => q !== p && p.startsWith(`${q}/`)));
}
