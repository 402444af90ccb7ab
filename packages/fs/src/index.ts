export { writeFileAtomic, inspectTarget } from './write-file-atomic.js';
export type { WriteFileAtomicOptions, TargetInfo } from './write-file-atomic.js';
export { writeFilesAtomic } from './write-files-atomic.js';
export type { AtomicChange, AtomicWrite, AtomicDelete, WriteFilesAtomicOptions } from './write-files-atomic.js';
