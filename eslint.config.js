import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's structure (docs/decisions/0007-web-structure.md). Layers: app/ (router, shell,
 * CRM shell) → features/<f>/ → components/ and lib/. A feature imports another feature only
 * through its api/ folder (query factories, mutation hooks) or one of the few components it
 * offers to others, listed here; never app/. components/ and lib/ import no feature.
 */
const web = 'apps/web/src';
const publicComponents = [
  'cards/components/card-view.tsx', // a card as buyers see it: the order form shows it
  'cards/components/user-cards.tsx', // an artist's open cards: the profile shows them
  'cards/picks.ts', // the options a buyer picked, shared by the card view and the order form
  'posts/components/user-posts.tsx', // a user's posts: the profile shows them
  'notifications/components/notifications-panel.tsx', // the feed's side panel
  'notifications/components/notification-bell.tsx', // the header's bell (app/ only)
  'auth/use-keep-alive.ts', // the session check the shell runs (app/ only)
  'board/components/queue-link.tsx', // an artist's queue and open slots: the profile shows it
  'board/components/slots-note.tsx', // open slots or the waitlist notice: the commission page shows it
  'orders/components/deliver-modal.tsx', // the delivery dialog: the order page and a drop on the board
  'orders/components/order-actions.tsx', // an order's moves for the reader's side: order page, board task
  'orders/components/form-summary.tsx', // what a sent form says: details modals, board task
  'orders/components/person-line.tsx', // an order's other side with avatar: lists, board task
  'orders/components/deadline-line.tsx', // an order's deadline (from a request): board task
  'orders/components/open-chat-button.tsx', // "Open chat" with an order's other side: board task, tracking
  'chat/components/chat-header-link.tsx', // the header's chats link with the unread count (app/ only)
  'chat/components/message-button.tsx', // "Message" on a profile opens the chat
  'orders/components/status-badge.tsx', // an order's status: a working chat's task bar, request tracking
  'orders/components/reference-picker.tsx', // images with upload progress: a request's attachments, an application's references
  'orders/use-reference-uploads.ts', // the uploads behind the reference picker
  'orders/money-text.ts', // a payment part's status in words and colour: the order page, the money page
  'tags/components/tag-title.tsx', // a tag's title as a link to its page: a request's tags
  'gallery/components/load-more.tsx', // infinite scroll's end of list: the requests list
  'posts/components/media-viewer.tsx', // the full-screen viewer of pictures sent in a chat
  'tags/components/tag-picker.tsx', // the one tag picker: galleries, display cards and requests tag with it
  'gallery/components/gallery-folder-picker.tsx', // a commission card's example folder: the card editor
  'gallery/components/card-examples.tsx', // a card's example images: the commission page
].map((p) => `${web}/features/${p}`);
/** A string that starts like an app path ("/feed", `/profile/${login}`), not an API one. */
const appPath = String.raw`/^\/(?!api(\/|$))[a-z]/`;
const appPathMessage =
  'Build app paths with `paths` / `toPath` from @brushline/shared/paths, not string literals';
const sameFeature = { captured: { feature: '{{ from.element.captured.feature }}' } };
const webStructure = [
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: `${web}/app`, partialMatch: false },
        { type: 'feature', pattern: `${web}/features/*`, capture: ['feature'], partialMatch: false },
        { type: 'shared', pattern: `${web}/{components,lib}`, partialMatch: false },
        { type: 'test-kit', pattern: `${web}/test`, partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: `${web}/**/*.test.{ts,tsx}` },
        { category: 'fixture', pattern: `${web}/**/test/**` },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Web structure: {{ from.element.type }} may not import this {{ to.element.type }} file (docs/decisions/0007-web-structure.md)',
          policies: [
            { allow: { to: { module: { origin: 'external' } } } },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'shared'] } } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: {
                to: { element: { type: 'feature', fileInternalPath: ['routes.{ts,tsx}', 'crm-pages.ts'] } },
              },
            },
            {
              from: { element: { types: { anyOf: ['app', 'feature'] } } },
              allow: { to: { element: { type: 'feature', fileInternalPath: 'api/**' } } },
            },
            {
              from: { element: { types: { anyOf: ['app', 'feature'] } } },
              allow: { to: { file: { path: publicComponents } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', ...sameFeature } } },
            },
            {
              from: { element: { types: { anyOf: ['feature', 'shared'] } } },
              allow: { to: { element: { type: 'shared' } } },
            },
            {
              from: { element: { type: 'test-kit' } },
              allow: { to: { element: { types: { anyOf: ['app', 'shared'] } } } },
            },
            // Tests and their fixtures share the test kit and each feature's test data (test/ folders).
            {
              from: { file: { categories: { anyOf: ['test', 'fixture'] } } },
              allow: { to: [{ element: { type: 'test-kit' } }, { file: { categories: 'fixture' } }] },
            },
            // A shared piece's test may render it inside a feature's public component.
            { from: { file: { categories: 'test' } }, allow: { to: { file: { path: publicComponents } } } },
          ],
        },
      ],
    },
  },
  {
    // Links and routes name their screen in the paths table (packages/shared/src/paths.ts).
    // Tests may spell URLs out: they check what the table produces.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${appPath}]`, message: appPathMessage },
        {
          selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${appPath}]`,
          message: appPathMessage,
        },
      ],
    },
  },
  {
    // A picture needs its text alternative (axe image-alt): Mantine's Avatar renders a bare <img>
    // unless given one. UserAvatar names it, or hides it where the name is written beside it.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/components/user-avatar.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Avatar'],
              message: 'Use UserAvatar (components/user-avatar.tsx): it gives the picture its alt text.',
            },
          ],
        },
      ],
    },
  },
];

/**
 * The server's file roles (README, "File roles"): SQL lives only in `*.repo.ts` files, and a
 * module reaches another module's data through that module's service, never its repository.
 * A module's SQL fragment that another module's statement embeds (the board's stamp, a chat
 * message's notification) is re-exported by its service, as tag-usage.service.ts does.
 * Exception: tests (`*.test.ts`) may set up or read state through another module's repository
 * (grant a role, list notifications); they are not part of the modules' import graph.
 */
const modules = 'apps/server/src/modules';
const otherModulesRepo = {
  group: ['../*/*.repo.ts'],
  message:
    "Reach another module's data through its service (an exported function there), not its repository.",
};
const serverFileRoles = [
  {
    files: [`${modules}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesRepo] }] },
  },
  {
    // Listed again with the rule above: a later no-restricted-imports replaces an earlier one.
    files: [`${modules}/**/*.{service,routes,rules,dto}.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL lives in *.repo.ts: add a repository function.' }],
          patterns: [
            otherModulesRepo,
            { group: ['drizzle-orm/*'], message: 'SQL lives in *.repo.ts: add a repository function.' },
            {
              group: ['**/db/schema/**'],
              message: 'Tables are read and written in *.repo.ts; re-export a row type from there if needed.',
            },
          ],
        },
      ],
    },
  },
];

// Type-aware rules (floating promises, unsafe any, …) run everywhere: server, shared, web and e2e.
const typed = ['apps/server/**/*.ts', 'packages/shared/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'playwright-report/**',
      'test-results/**',
      'api-client/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: typed })),
  {
    files: typed,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: typed,
    rules: {
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webStructure,
  {
    // ARCHITECTURE habit 3: the platform is below the modules; it gets what it needs injected.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'Platform code never imports a module: move the query to platform/ or inject it.',
            },
          ],
        },
      ],
    },
  },
  ...serverFileRoles,
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // inject()'s res.json() is `any` by design; the assertions check the shape.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  prettier,
);
