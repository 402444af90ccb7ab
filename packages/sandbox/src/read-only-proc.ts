/**
 * The parts of /proc every sandbox (its own bubblewrap, or a slot of the long-lived one) shows
 * read-only, `/proc/sys` first (required; the rest only where they exist). Run as root, uid 0
 * inside is the host's root with only its capabilities dropped, and a writable sysctl, SysRq
 * trigger, IRQ affinity or PCI/USB control file would let a command change the host. One list,
 * so the two paths cannot drift apart.
 */
export const READ_ONLY_PROC: readonly string[] = [
  '/proc/sys',
  '/proc/sysrq-trigger',
  '/proc/irq',
  '/proc/bus',
  // As the OCI runtime defaults: /proc/acpi (e.g. `wakeup`) and /proc/fs (e.g. cifs, nfsd)
  // change host state; kcore, keys and timer_list show kernel memory, keys and timers.
  '/proc/fs',
  '/proc/acpi',
  '/proc/kcore',
  '/proc/keys',
  '/proc/timer_list',
];
