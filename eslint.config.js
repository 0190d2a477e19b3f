// Lint: TypeScript rules plus import zones that hold the layering of DESIGN.md. Each file gets exactly
// one zone (flat config replaces, not merges, a rule's options), so zones are built from shared parts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const group = (patterns, message) => patterns.map((p) => ({ group: [p], message }));

const NO_UI = group(['electron', 'electron/*', 'react', 'react/*', 'react-dom', 'react-dom/*', '**/src-renderer/**', '**/src-main/**'],
  'src-core never imports electron, react, the renderer or the main process.');
const NO_SIM = group(['**/sim/**', '**/sim/*'], 'Domain and kernel code never imports sim/: the simulated world plugs in behind provider ports.');
const NO_DOMAINS = group(['**/domains/**', '**/dashboard/**', '**/stream/**', '**/server', '**/server.ts'], 'The kernel knows no domain.');
const NO_HTTP_LIB = [
  ...group(['@fastify/*'], 'kernel/http.ts is the only file that imports the HTTP library.'),
];
const HTTP_PATH = { name: 'fastify', message: 'kernel/http.ts is the only file that imports the HTTP library.' };
const SQL_PATH = { name: 'better-sqlite3', message: 'Only *.store.ts and kernel/db.ts touch SQL.' };

const imports = (patterns, paths = []) => ['error', { patterns, paths }];

const TIME_BAN = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Read time from the clock (kernel/clock), not Date.now().' },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read time from the clock (kernel/clock), not new Date().' },
  { selector: "CallExpression[callee.name=/^set(Timeout|Interval)$/]", message: 'Timers belong to kernel/clock and kernel/jobs: schedule a job or use clock.realTimeout.' },
];
const SQL_BAN = [
  { selector: "MemberExpression[property.name=/^(prepare|exec|pragma)$/][object.property.name='sql']", message: 'Only *.store.ts touches SQL.' },
  { selector: "MemberExpression[property.name=/^(prepare|exec|pragma)$/][object.name='sql']", message: 'Only *.store.ts touches SQL.' },
];

const TESTS = ['**/*.test.ts', 'src-core/testing/**'];
const STORES = ['src-core/**/*.store.ts', 'src-core/kernel/db.ts', 'src-core/migrations/**'];
const TIMERS = ['src-core/kernel/clock.ts', 'src-core/kernel/jobs.ts'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // src-core, everywhere: no UI, no HTTP library; time only from the clock; SQL only in stores.
  {
    files: ['src-core/**/*.ts'],
    rules: {
      'no-restricted-imports': imports([...NO_UI, ...NO_HTTP_LIB], [HTTP_PATH]),
      'no-restricted-syntax': ['error', ...TIME_BAN, ...SQL_BAN],
    },
  },
  { files: STORES, rules: { 'no-restricted-syntax': ['error', ...TIME_BAN] } },
  { files: TIMERS, rules: { 'no-restricted-syntax': ['error', ...SQL_BAN] } },
  { files: TESTS, rules: { 'no-restricted-syntax': 'off' } },
  // Domains and the contract: never the simulated world, never the SQL driver outside stores.
  {
    files: ['src-core/domains/**/*.ts', 'src-core/contract/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': imports([...NO_UI, ...NO_HTTP_LIB, ...NO_SIM], [HTTP_PATH, SQL_PATH]) },
  },
  // The kernel: knows no domain and no simulated world.
  {
    files: ['src-core/kernel/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': imports([...NO_UI, ...NO_HTTP_LIB, ...NO_SIM, ...NO_DOMAINS], [HTTP_PATH, SQL_PATH]) },
  },
  { files: ['src-core/kernel/db.ts'], rules: { 'no-restricted-imports': imports([...NO_UI, ...NO_HTTP_LIB, ...NO_SIM, ...NO_DOMAINS], [HTTP_PATH]) } },
  { files: ['src-core/kernel/http.ts'], rules: { 'no-restricted-imports': imports([...NO_UI, ...NO_SIM, ...NO_DOMAINS], [SQL_PATH]) } },
  // The renderer: only src-core/contract, nothing of node or electron.
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': imports([
        { regex: '(^|/)src-core/(?!contract(/|$))', message: 'The renderer imports only src-core/contract.' },
        ...group(['electron', 'node:*', 'better-sqlite3', 'fastify', 'socket.io'], 'The renderer runs in the browser: no node, no electron.'),
      ]),
    },
  },
  // examples/: programs an integrator copies out of the repository, so they import only node's built-ins and the
  // client packages they name in their comments, never this repository's code.
  {
    files: ['examples/**/*.mjs'],
    rules: {
      'no-restricted-imports': imports([{
        group: ['*', '!node:*', '!socket.io-client', '!@modelcontextprotocol', '!@modelcontextprotocol/sdk', '!@modelcontextprotocol/sdk/**'],
        message: 'An example imports only node:* built-ins, socket.io-client and @modelcontextprotocol/sdk: it must work copied out of the repository.',
      }]),
    },
  },
  // The main process: only src-core/contract and the server entry.
  {
    files: ['src-main/**/*.ts'],
    rules: {
      'no-restricted-imports': imports([
        { regex: '(^|/)src-core/(?!(contract(/|$)|server(\\.ts)?$))', message: 'src-main imports only src-core/contract and server.ts.' },
        ...group(['react', 'react-dom', '**/src-renderer/**'], 'src-main never imports the renderer.'),
      ]),
    },
  },
);
