/**
 * Definition-only tree-sitter queries, one per grammar (SPEC Part B §16.17). Every pattern
 * captures the definition's name as `@name.definition.<kind>` (that line is printed) and the
 * whole definition as `@definition.<kind>` (it only decides where the `|----` separators go).
 * Written against the grammars tree-sitter-wasms 0.1.13 ships; the tests compile every query.
 */

const JS_COMMON = `
(class_declaration name: (_) @name.definition.class) @definition.class
(function_declaration name: (identifier) @name.definition.function) @definition.function
(generator_function_declaration name: (identifier) @name.definition.function) @definition.function
(method_definition name: (_) @name.definition.method) @definition.method
(lexical_declaration
  (variable_declarator name: (identifier) @name.definition.function
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(variable_declaration
  (variable_declarator name: (identifier) @name.definition.function
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
`;

const TS_EXTRA = `
(abstract_class_declaration name: (type_identifier) @name.definition.class) @definition.class
(function_signature name: (identifier) @name.definition.function) @definition.function
(interface_declaration name: (type_identifier) @name.definition.interface) @definition.interface
(type_alias_declaration name: (type_identifier) @name.definition.type) @definition.type
(enum_declaration name: (identifier) @name.definition.enum) @definition.enum
(method_signature name: (_) @name.definition.method) @definition.method
(abstract_method_signature name: (_) @name.definition.method) @definition.method
(internal_module name: (_) @name.definition.module) @definition.module
(module name: (_) @name.definition.module) @definition.module
`;

const PYTHON = `
(class_definition name: (identifier) @name.definition.class) @definition.class
(function_definition name: (identifier) @name.definition.function) @definition.function
`;

const RUST = `
(struct_item name: (type_identifier) @name.definition.struct) @definition.struct
(union_item name: (type_identifier) @name.definition.struct) @definition.struct
(enum_item name: (type_identifier) @name.definition.enum) @definition.enum
(trait_item name: (type_identifier) @name.definition.trait) @definition.trait
(impl_item type: (_) @name.definition.impl) @definition.impl
(function_item name: (identifier) @name.definition.function) @definition.function
(function_signature_item name: (identifier) @name.definition.function) @definition.function
(mod_item name: (identifier) @name.definition.module) @definition.module
(type_item name: (type_identifier) @name.definition.type) @definition.type
`;

const GO = `
(function_declaration name: (identifier) @name.definition.function) @definition.function
(method_declaration name: (field_identifier) @name.definition.method) @definition.method
(type_spec name: (type_identifier) @name.definition.type) @definition.type
`;

const C_COMMON = `
(struct_specifier name: (type_identifier) @name.definition.struct body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name.definition.struct body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name.definition.enum body: (_)) @definition.enum
(type_definition declarator: (type_identifier) @name.definition.type) @definition.type
(function_definition declarator: (function_declarator declarator: (_) @name.definition.function)) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (_) @name.definition.function))) @definition.function
(declaration declarator: (function_declarator declarator: (_) @name.definition.function)) @definition.function
(declaration
  declarator: (pointer_declarator declarator: (function_declarator declarator: (_) @name.definition.function))) @definition.function
`;

const CPP_EXTRA = `
(class_specifier name: (type_identifier) @name.definition.class body: (_)) @definition.class
(namespace_definition name: (_) @name.definition.module) @definition.module
(field_declaration declarator: (function_declarator declarator: (_) @name.definition.method)) @definition.method
(function_definition
  declarator: (reference_declarator (function_declarator declarator: (_) @name.definition.function))) @definition.function
(alias_declaration name: (type_identifier) @name.definition.type) @definition.type
`;

const C_SHARP = `
(class_declaration name: (identifier) @name.definition.class) @definition.class
(record_declaration name: (identifier) @name.definition.class) @definition.class
(struct_declaration name: (identifier) @name.definition.struct) @definition.struct
(interface_declaration name: (identifier) @name.definition.interface) @definition.interface
(enum_declaration name: (identifier) @name.definition.enum) @definition.enum
(delegate_declaration name: (identifier) @name.definition.type) @definition.type
(method_declaration name: (identifier) @name.definition.method) @definition.method
(constructor_declaration name: (identifier) @name.definition.method) @definition.method
(namespace_declaration name: (_) @name.definition.module) @definition.module
`;

const RUBY = `
(module name: (_) @name.definition.module) @definition.module
(class name: (_) @name.definition.class) @definition.class
(method name: (_) @name.definition.method) @definition.method
(singleton_method name: (_) @name.definition.method) @definition.method
`;

const JAVA = `
(class_declaration name: (identifier) @name.definition.class) @definition.class
(record_declaration name: (identifier) @name.definition.class) @definition.class
(interface_declaration name: (identifier) @name.definition.interface) @definition.interface
(annotation_type_declaration name: (identifier) @name.definition.interface) @definition.interface
(enum_declaration name: (identifier) @name.definition.enum) @definition.enum
(method_declaration name: (identifier) @name.definition.method) @definition.method
(constructor_declaration name: (identifier) @name.definition.method) @definition.method
`;

const PHP = `
(namespace_definition name: (namespace_name) @name.definition.module) @definition.module
(class_declaration name: (name) @name.definition.class) @definition.class
(interface_declaration name: (name) @name.definition.interface) @definition.interface
(trait_declaration name: (name) @name.definition.trait) @definition.trait
(function_definition name: (name) @name.definition.function) @definition.function
(method_declaration name: (name) @name.definition.method) @definition.method
`;

const SWIFT = `
(class_declaration name: (type_identifier) @name.definition.class) @definition.class
(class_declaration name: (user_type) @name.definition.class) @definition.class
(protocol_declaration name: (type_identifier) @name.definition.interface) @definition.interface
(function_declaration name: (simple_identifier) @name.definition.function) @definition.function
(protocol_function_declaration name: (simple_identifier) @name.definition.method) @definition.method
(init_declaration "init" @name.definition.method) @definition.method
(typealias_declaration name: (type_identifier) @name.definition.type) @definition.type
`;

// The Kotlin grammar has no field names: the name is the declaration's own identifier child.
const KOTLIN = `
(class_declaration (type_identifier) @name.definition.class) @definition.class
(object_declaration (type_identifier) @name.definition.class) @definition.class
(function_declaration (simple_identifier) @name.definition.function) @definition.function
(type_alias (type_identifier) @name.definition.type) @definition.type
`;

/** The query source for each grammar, keyed by the grammar's id (its `.wasm` name). */
export const DEFINITION_QUERIES: Readonly<Record<string, string>> = Object.freeze({
  javascript: JS_COMMON,
  typescript: JS_COMMON + TS_EXTRA,
  tsx: JS_COMMON + TS_EXTRA,
  python: PYTHON,
  rust: RUST,
  go: GO,
  c: C_COMMON,
  cpp: C_COMMON + CPP_EXTRA,
  c_sharp: C_SHARP,
  ruby: RUBY,
  java: JAVA,
  php: PHP,
  swift: SWIFT,
  kotlin: KOTLIN,
});
