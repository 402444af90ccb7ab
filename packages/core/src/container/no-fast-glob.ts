// Stands in for fast-glob inside the bundled awilix (see tsup.config.ts): only awilix's
// `loadModules`/`listModules` use it, and core never calls them. Bundling awilix without its
// fast-glob graph (~20 CommonJS modules) takes ~50 ms off every host's start.
const unavailable = (): never => {
  throw new Error('awilix loadModules/listModules are not available in @quiver/core (fast-glob is not bundled).');
};

export default { sync: unavailable, globSync: unavailable };
