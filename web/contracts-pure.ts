import type { Plugin } from 'vite';

/**
 * Marks every call made while building the contracts' top-level constants (`z.object(…)`,
 * `z.string().trim().max(…)`, `videoFields.extend(…)`, `z.array(messageAttachment.extend(…))`)
 * as `/* @__PURE__ *\/`, so that a page taking one constant or type from a contracts module
 * does not keep that module's other schemas, nor zod with them (issue 20, first-visit budget).
 * The bundler treats a method call (`.extend`, `.trim()`) as possibly side-effectful; building a
 * schema has none, and the contracts hold nothing at top level but declarations
 * (`sideEffects: false` in their package.json). Function bodies (a `superRefine` callback) are
 * not entered: their calls run later and do things.
 */
const CONTRACT_SOURCE = /[\\/]contracts[\\/]src[\\/](?!.*\.test\.ts$).+\.ts$/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const FUNCTION_TYPES = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'ClassExpression',
]);

/** The start of every call and `new` in an expression, outside function bodies. */
function callStarts(node: Node, starts: Set<number>): void {
  if (FUNCTION_TYPES.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) callStarts(child, starts);
    }
  }
}

/** The initializers of the module's top-level `const`s, exported or not. */
function topLevelInitializers(body: readonly Node[]): Node[] {
  const declarations = body.map((statement) =>
    statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
      ? statement.declaration
      : statement,
  );
  return declarations
    .filter((statement) => statement.type === 'VariableDeclaration' && statement.kind === 'const')
    .flatMap((statement) => statement.declarations as Node[])
    .map((declarator) => declarator.init)
    .filter(isNode);
}

export function contractsPure(): Plugin {
  return {
    name: 'zura:contracts-pure',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code) {
        const program = this.parse(code, { lang: 'ts' }) as unknown as { body: Node[] };
        const starts = new Set<number>();
        for (const init of topLevelInitializers(program.body)) callStarts(init, starts);
        if (starts.size === 0) return null;
        let marked = code;
        // From the end, so earlier offsets stay valid.
        for (const start of [...starts].sort((a, b) => b - a)) {
          marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
        }
        return { code: marked, map: null };
      },
    },
  };
}
