import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const SERVER_SRC = `${path.sep}server${path.sep}src${path.sep}`;
const MODULES_DIR = `${SERVER_SRC}modules${path.sep}`;
/**
 * The shared folders beside the modules (the job queue, ffmpeg, storage, helpers, events,
 * database, mail): they use a module only through its `index.ts` too. Only the composition
 * root (`services.ts`, `app.ts`, `runtime.ts`, `work.ts`), the command-line tasks and the
 * plugins build or reach into modules.
 */
const SHARED_DIRS = ['jobs', 'video', 'storage', 'lib', 'events', 'db', 'mail'];

/** The server module a file belongs to (`server/src/modules/<name>/...`), or undefined. */
function serverModuleOf(file) {
  const at = file.lastIndexOf(MODULES_DIR);
  if (at < 0) return undefined;
  const [name, ...rest] = file.slice(at + MODULES_DIR.length).split(path.sep);
  return rest.length > 0 ? { name, inner: rest.join('/') } : undefined;
}

/** Who is importing, for the rule: a module's name, or `src/<dir>` for a shared folder. */
function importerOf(file) {
  const owner = serverModuleOf(file);
  if (owner) return owner.name;
  const at = file.lastIndexOf(SERVER_SRC);
  if (at < 0) return undefined;
  const [dir, ...rest] = file.slice(at + SERVER_SRC.length).split(path.sep);
  return rest.length > 0 && SHARED_DIRS.includes(dir) ? `src/${dir}` : undefined;
}

/**
 * A server module uses another only through that module's `index.ts`, its public surface: its
 * repository, services and helpers stay its own to change (issue 21). The shared folders
 * (`SHARED_DIRS`) are held to the same (issue 34).
 */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        "Module '{{from}}' imports '{{inner}}' of module '{{to}}': import from '{{to}}/index.ts' (its public surface) instead, and export it there if others may use it.",
    },
    schema: [],
  },
  create(context) {
    const from = importerOf(context.filename);
    if (!from) return {};
    function check(source) {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = serverModuleOf(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to.name === from || to.inner === 'index.ts') return;
      context.report({
        node: source,
        messageId: 'internal',
        data: { from, to: to.name, inner: to.inner },
      });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const WEB_SRC = `${path.sep}web${path.sep}src${path.sep}`;
/** The web's layers beneath the features, which every feature may use and which use none. */
const BENEATH_FEATURES = new Set(['lib', 'ui', 'payments', 'locales']);

/** Where a web file sits: `{ area: 'features/tips', inner: 'components/TipDialog.tsx' }`, `{ area: 'lib' }`. */
function webPlaceOf(file) {
  const at = file.lastIndexOf(WEB_SRC);
  if (at < 0) return undefined;
  const [top, name, ...rest] = file.slice(at + WEB_SRC.length).split(path.sep);
  if (top !== 'features' || name === undefined) return { area: top };
  return { area: `features/${name}`, feature: name, inner: rest.join('/') };
}

/**
 * A web feature is used from outside only through its `index.ts`, its public surface: its
 * components, hooks and `api.ts` stay its own to change, and lib, ui and payments use no feature
 * (issue 34). `web/src/features/boundaries.test.ts` checks the same and that no cycle forms.
 */
const webFeatureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        "'{{from}}' imports '{{inner}}' of feature '{{to}}': import from the feature's folder ('{{to}}', its index.ts, the public surface) instead, and export it there if others may use it.",
      upward:
        "'{{from}}' is beneath the features and may not import feature '{{to}}': take what it needs as props, or move the shared part into lib/, ui/ or payments/.",
    },
    schema: [],
  },
  create(context) {
    const from = webPlaceOf(context.filename);
    if (!from) return {};
    function check(source) {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = webPlaceOf(path.resolve(path.dirname(context.filename), source.value));
      if (!to?.feature || to.area === from.area) return;
      if (BENEATH_FEATURES.has(from.area)) {
        context.report({
          node: source,
          messageId: 'upward',
          data: { from: from.area, to: to.feature },
        });
      } else if (!['', 'index', 'index.ts'].includes(to.inner)) {
        const data = { from: from.area, to: to.feature, inner: to.inner };
        context.report({ node: source, messageId: 'internal', data });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** The project's own rules. */
const zura = {
  rules: { 'module-boundaries': moduleBoundaries, 'web-feature-boundaries': webFeatureBoundaries },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Issue 21: files are split along their natural seams before they grow past 400 lines
    // (every line counts, blank and comment lines too).
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Generated from the API document by `npm run generate:api`, never edited by hand.
    files: ['contracts/src/openapi.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['server/src/modules/**/*.ts', `server/src/{${SHARED_DIRS.join(',')}}/**/*.ts`],
    plugins: { zura },
    rules: { 'zura/module-boundaries': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { zura },
    rules: {
      'zura/web-feature-boundaries': 'error',
      // `import { type X } from '../feature'` keeps an import of the feature's index.ts (and all
      // it re-exports) in the bundle; `import type` leaves nothing (issue 34).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app uses react-router's declarative routes (web/src/app/router.tsx); these need a
    // data router and would throw at run time there.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: [
                'createBrowserRouter',
                'RouterProvider',
                'ScrollRestoration',
                'Form',
                'useActionData',
                'useBlocker',
                'useFetcher',
                'useLoaderData',
                'useMatches',
                'useNavigation',
                'useRevalidator',
                'useRouteError',
                'useRouteLoaderData',
              ],
              message: 'These need a data router; the app renders declarative <Routes>.',
            },
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message:
                "Import each icon from 'lucide-react/icons/<name>': the package index re-exports every icon, which hides from the build which page uses which (web/signed-in-chunk.ts).",
            },
          ],
        },
      ],
    },
  },
);
