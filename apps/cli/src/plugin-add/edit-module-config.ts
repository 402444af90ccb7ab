import { readFileSync } from 'node:fs';
import { quiverError } from '@quiver/core';
import { CLI_ERRORS } from '../cli-errors.js';

/**
 * How a `quiver.config.ts/.mjs/.js` would change to name `plugin`: its new text, or `undefined`
 * when it names the plugin already. The config's default export must be an object literal,
 * directly or as the one argument of a call (`export default defineConfig({ ... })`), and its
 * `plugins`, if present, an array literal: the plugin is appended to it, or, with no `plugins`,
 * `plugins: ['...', plugin]` (and `extends: 'quiver:default'`, unless it extends something)
 * keeps the default tools. Any other shape (a variable, a spread, a computed list, CommonJS)
 * is code this cannot edit safely: it throws `QUIVER_ERR_CLI_PLUGIN_ADD_FAILED` naming what to
 * add by hand, and nothing is written. The edit goes through magicast (Babel's parser and
 * recast's printer), which reprints only what changed, and the result is parsed again and
 * checked before it is returned.
 */
export async function editModuleConfig(plugin: string, configFile: string): Promise<string | undefined> {
  const { parseModule, generateCode } = await import('magicast');
  const text = readFileSync(configFile, 'utf8');
  const refuse = (why: string) =>
    quiverError(
      CLI_ERRORS.PLUGIN_ADD_FAILED,
      `${configFile}: ${why}, which quiver plugin add cannot edit safely, so nothing was installed or changed. Install '${plugin}' with your package manager and add '${plugin}' to the config's "plugins" list yourself (with "..." first to keep the default tools).`,
      { file: configFile, key: 'plugins', plugin },
    );
  let mod: ReturnType<typeof parseModule>;
  try {
    mod = parseModule(text);
  } catch (cause) {
    throw Object.assign(refuse(`it does not parse (${(cause as Error).message})`), { cause });
  }
  const options = configObject((mod.exports as Record<string, unknown>).default);
  if (!options) throw refuse('its default export is not an object literal (or defineConfig({ ... }))');
  const names = pluginNames(options.$ast);
  if (names === 'not-a-list') throw refuse('its "plugins" is not an array literal');
  if (names?.includes(plugin)) return undefined;
  if (names) {
    options.plugins.push(plugin);
  } else {
    if (!hasKey(options.$ast, 'extends')) options.extends = 'quiver:default';
    options.plugins = ['...', plugin];
  }
  const out = generateCode(mod).code;
  // The new text must still be a config of the same shape, now naming the plugin: else keep the file.
  let check: string[] | 'not-a-list' | undefined;
  try {
    const again = configObject((parseModule(out).exports as Record<string, unknown>).default);
    check = again ? pluginNames(again.$ast) : undefined;
  } catch {
    check = undefined;
  }
  if (!Array.isArray(check) || !check.includes(plugin)) throw refuse('the edited file did not check out');
  return `${out}${out.endsWith('\n') ? '' : '\n'}`;
}

/** A magicast proxy of an object literal (its AST under `$ast`, its keys as properties). */
type ObjectProxy = Record<string, any> & { $ast: AstNode };
interface AstNode {
  type: string;
  [key: string]: any;
}

/** The config object: `export default { ... }` or `export default fn({ ... })`. */
function configObject(exported: any): ObjectProxy | undefined {
  if (!exported || typeof exported !== 'object') return undefined;
  const node = exported.$ast as AstNode | undefined;
  if (node?.type === 'ObjectExpression') return exported as ObjectProxy;
  if (node?.type === 'CallExpression' && node.arguments?.length === 1 && node.arguments[0].type === 'ObjectExpression')
    return exported.$args[0] as ObjectProxy;
  return undefined;
}

/** The property `key` of an object literal: only plain `key: value` properties count. */
function property(object: AstNode, key: string): AstNode | undefined {
  return object.properties.find(
    (p: AstNode) =>
      (p.type === 'ObjectProperty' || p.type === 'Property') &&
      !p.computed &&
      ((p.key.type === 'Identifier' && p.key.name === key) || (p.key.type === 'StringLiteral' && p.key.value === key)),
  );
}

function hasKey(object: AstNode, key: string): boolean {
  // A spread could hold any key: treat it as present rather than add a second one.
  return property(object, key) !== undefined || object.properties.some((p: AstNode) => p.type === 'SpreadElement');
}

/**
 * The names the `plugins` array literal holds (strings, `[name, options]`, `{ name }`), or
 * `undefined` when there is no `plugins`, or 'not-a-list' when it is something else (or the
 * object has a spread that might hold one).
 */
function pluginNames(object: AstNode): string[] | 'not-a-list' | undefined {
  const prop = property(object, 'plugins');
  if (!prop) return object.properties.some((p: AstNode) => p.type === 'SpreadElement') ? 'not-a-list' : undefined;
  if (prop.value.type !== 'ArrayExpression') return 'not-a-list';
  const names: string[] = [];
  for (const el of prop.value.elements as (AstNode | null)[]) {
    if (!el) return 'not-a-list';
    if (el.type === 'StringLiteral') names.push(el.value);
    else if (el.type === 'ArrayExpression' && el.elements[0]?.type === 'StringLiteral') names.push(el.elements[0].value);
    else if (el.type === 'ObjectExpression') {
      const name = property(el, 'name');
      if (name?.value.type === 'StringLiteral') names.push(name.value.value);
    } else if (el.type === 'SpreadElement' || el.type === 'Identifier' || el.type === 'CallExpression') {
      // A computed entry might be the plugin already; appending is still safe (a duplicate name
      // is one plugin), so it does not stop the edit.
    }
  }
  return names;
}
