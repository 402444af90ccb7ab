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

/**
 * The slot maker (Perl, which Debian always has): one process per house, started inside it with
 * the house's capabilities (nsenter), so this process spawns one process per house instead of
 * one per command (a spawn costs Node a few ms, more the more memory it holds). For each line on
 * its stdin it forks a slot: Perl does in about 4 ms of CPU what `unshare`, eight `mount`s and
 * `ip` take ~60 ms for, each `mount` reading the house's 400-line mount table. The slot makes new
 * PID, mount, IPC and (argument 4 is 1: network not `on`) network namespaces and forks its PID 1,
 * which: opens the house's paths under /tmp it must carry (arguments 5…); mounts a fresh /proc
 * for its PID namespace with /proc/sys, /proc/sysrq-trigger, /proc/irq and /proc/bus read-only
 * (as root, uid 0 inside is the host's root with only its capabilities dropped, and a writable
 * sysctl would let a command change the host); mounts a fresh /tmp and /dev/shm and the carried
 * paths again over the new /tmp, with everything mounted under them (masks, read-only folders),
 * from the fds opened before the new /tmp hid them; brings up its loopback; and prints
 * `ready <n>` (`failed <n>` if anything failed; n is the pid, in the house, of the slot's first
 * process, whose only child it is). It then waits for its command to join — the next PID of its
 * namespace — and to exit, polling every 50 ms, and exits: the PID namespace ends, and
 * everything the command left in it is killed. Handed out (SIGUSR1), it waits 10 s at most for
 * the join.
 */
export const SLOT_SCRIPT = String.raw`
my ($nr_mount, $nr_unshare, $net, @carried) = @ARGV;
$| = 1;
$SIG{CHLD} = 'IGNORE';
print "maker
";
while (defined(my $line = <STDIN>)) {
  my $pid = fork();
  if (!defined $pid) { print "failed 0
"; next }
  next if $pid;
  $SIG{CHLD} = 'DEFAULT';
  open(STDIN, '<', '/dev/null');
  slot();
  exit 0;
}
sub slot {
  my $me = $$;
  my $fail = sub { print "failed $me
"; exit 1 };
  my $mnt = sub { my ($s, $t, $y, $f) = @_; syscall($nr_mount + 0, $s, $t, $y, $f + 0, 0) == 0 or $fail->() };
  syscall($nr_unshare + 0, 0x20000 | 0x20000000 | 0x08000000 | ($net ? 0x40000000 : 0)) == 0 or $fail->();
  my $pid = fork() // $fail->();
  if ($pid) { waitpid($pid, 0); exit 0 }
  my ($NOSUID, $NODEV, $NOEXEC, $RDONLY, $REMOUNT, $BIND, $REC, $PRIVATE) = (2, 4, 8, 1, 32, 4096, 16384, 1 << 18);
  $mnt->('none', '/', '', $REC | $PRIVATE);
  my @fh; for my $p (@carried) { open(my $fh, '<', $p) or $fail->(); push @fh, $fh }
  $mnt->('proc', '/proc', 'proc', $NOSUID | $NODEV | $NOEXEC);
  for my $p ('/proc/sys', '/proc/sysrq-trigger', '/proc/irq', '/proc/bus') {
    next unless -e $p;
    $mnt->($p, $p, '', $BIND);
    $mnt->('none', $p, '', $REMOUNT | $BIND | $RDONLY | $NOSUID | $NODEV | $NOEXEC);
  }
  $mnt->('tmpfs', '/tmp', 'tmpfs', $NOSUID | $NODEV);
  chmod(01777, '/tmp') or $fail->();
  if (-d '/dev/shm') { $mnt->('tmpfs', '/dev/shm', 'tmpfs', $NOSUID | $NODEV); chmod(01777, '/dev/shm') }
  for my $i (0 .. $#carried) {
    my $to = ''; for my $part (grep { length } split m{/}, $carried[$i]) { $to .= "/$part"; mkdir $to unless -e $to }
    $mnt->('/proc/self/fd/' . fileno($fh[$i]), $carried[$i], '', $BIND | $REC);
  }
  close $_ for @fh;
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
  print "ready $me
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
