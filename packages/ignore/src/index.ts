export { createIgnoreService, type QuiverIgnoreService, type IgnoreServiceOptions } from './create-ignore-service.js';
export {
  createListingFilter,
  listingFilterFrom,
  type ListingFilter,
  type ListingFilterSource,
  type IgnoredTest,
  type FolderIgnoredTest,
} from './listing-filter.js';
export { recursiveReader, type RecursiveReader } from './recursive-reader.js';
export { matchKey } from './match-key.js';
