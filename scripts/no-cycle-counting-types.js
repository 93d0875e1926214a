/**
 * import-x's `no-cycle` skips `import type` and `export type … from`: they have no runtime
 * effect. Ponte counts them, because a cycle of types is still a cycle of the design
 * (docs/adr/0086). `countingTypeImports(rule)` is the same rule, shown every import as a value
 * import: the linted file's own imports, and the imports of every file it follows, which it
 * parses with a parser that drops the `type` marks (only for this rule: the other rules, such as
 * `consistent-type-imports`, still read them).
 */

/** Drops the `type` mark of an import or export statement and of its specifiers, in place. */
function dropTypeMark(statement) {
  if (statement.importKind === 'type') statement.importKind = 'value';
  if (statement.exportKind === 'type') statement.exportKind = 'value';
  for (const specifier of statement.specifiers ?? []) {
    if (specifier.importKind === 'type') specifier.importKind = 'value';
    if (specifier.exportKind === 'type') specifier.exportKind = 'value';
  }
  return statement;
}

const valueImportParsers = new WeakMap();

/** The parser, with every top-level import and re-export read as a value one. */
function valueImportParser(parser) {
  let wrapped = valueImportParsers.get(parser);
  if (!wrapped) {
    wrapped = {
      meta: { name: `${parser.meta?.name ?? 'parser'} (type imports as values)` },
      parseForESLint(code, options) {
        const result = parser.parseForESLint
          ? parser.parseForESLint(code, options)
          : { ast: parser.parse(code, options) };
        for (const statement of result.ast.body) dropTypeMark(statement);
        return result;
      },
    };
    valueImportParsers.set(parser, wrapped);
  }
  return wrapped;
}

/** The node as a value import: a copy without `type` marks (the AST itself is not changed). */
function asValueImport(node) {
  if (node?.type !== 'ImportDeclaration') return node;
  return dropTypeMark({ ...node, specifiers: node.specifiers.map((s) => ({ ...s })) });
}

export function countingTypeImports(rule) {
  return {
    ...rule,
    create(context) {
      const languageOptions = {
        ...context.languageOptions,
        parser: valueImportParser(context.languageOptions.parser),
      };
      const visitors = rule.create(
        Object.create(context, { languageOptions: { value: languageOptions } }),
      );
      return Object.fromEntries(
        Object.entries(visitors).map(([selector, visit]) => [
          selector,
          (node) => visit(asValueImport(node)),
        ]),
      );
    },
  };
}
