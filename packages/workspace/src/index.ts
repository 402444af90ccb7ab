export { createWorkspace, folderWatchesOf, type Workspace, type ResolveOptions, type WorkspaceOptions } from './create-workspace.js';
export { type FolderWatches, type FolderWatchOptions, type WatchedFolder } from './folder-watches.js';
export { countInotifyEvent, onInotifyFlood } from './inotify-flood.js';
export { type RootInput } from './realize-roots.js';
export { resolvePhysical, MAX_SYMLINK_HOPS, type PhysicalPath } from './resolve-physical.js';
export { malformedReason } from './malformed-reason.js';
export { isPathInside, relativeInside } from './is-path-inside.js';
export {
  openConfined,
  openConfinedSync,
  openConfinedStatSync,
  specialFileError,
  type OpenFlags,
  type StatedDescriptor,
} from './open-confined.js';
