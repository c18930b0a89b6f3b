import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rooms of one side: every folder under it but its building blocks (lib/, components/, db/, public/). */
const rooms = (side, blocks) =>
  readdirSync(`src/${side}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !blocks.includes(entry.name))
    .map((entry) => entry.name);

/**
 * Where one client room may reach into another, file by file, and why. Anything else a room needs
 * from another moves to lib/ or components/ (ARCHITECTURE.md: "Code moves to lib/ only when two
 * domains use it").
 */
const CLIENT_CROSSINGS = {
  // The production floor's guarded addresses are the site's ordinary 404 until their pages exist.
  admin: [
    'not-found/NotFoundPage.tsx',
    // The production floor's scanners read with the scan widget's camera and decoder, not copies of them.
    'qr/scan-widget/camera.ts',
    'qr/scan-widget/read-frame.ts',
  ],
  // The cookie policy names what the cookie settings and the scan widget keep on the device, in
  // their own words and keys, so the policy cannot drift from the code.
  legal: ['consent/purposes.ts', 'qr/scan-widget/scanner-preference.ts'],
  memorials: [
    // The invitation page creates an account with /register's fields and rules.
    'auth/repeated-password.ts',
    // Deciding on a post reads its notifications (the server does), so the bell's count is asked again.
    'notifications/use-unread-count.ts',
    // /memorial/qr/{x} where x is no code is the site's ordinary 404.
    'not-found/NotFoundPage.tsx',
    // The memorial page shows the family from the family tree's room.
    'family-tree/FamilySection.tsx',
    // The memorial page's "Musik": the player the music's room makes.
    'music/MusicSection.tsx',
  ],
  // The music's page wears the memorial page's marks of what waits for Premium.
  music: ['memorials/premium/PremiumNote.tsx'],
  // The profile's tabs are the person's own things, each drawn by its room: memorials' years,
  // the notifications, and the chooser that links a QR code to a memorial.
  profile: ['memorials/dates.ts', 'notifications/NotificationList.tsx', 'qr/LinkForm.tsx'],
  // An approved reseller buys QR packages on its dashboard with the money room's order form.
  resellers: ['money/QrPackagesSection.tsx'],
  // The shared stone's page shows each memorial as the memorial page draws it.
  qr: ['memorials/LifeSpan.tsx', 'memorials/Picture.tsx', 'memorials/use-memorial.ts'],
};

/**
 * Imports flow one way (ARCHITECTURE.md): shared/ ← each side's building blocks ← its rooms ← its
 * composition root (the files at the top of src/client and src/server, which may import anything).
 */
const ZONES = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ is imported by both sides and imports neither.' },
  { target: './src/server', from: './src/client', message: 'The server never imports the client.' },
  // A test may check that both sides agree (memorials/create/templates.test.ts runs the server's sanitizer on the client's templates).
  { target: './src/client/**/!(*.test).{ts,tsx}', from: './src/server/**', message: 'The client never imports the server; what both need lives in src/shared.' },
  // Building blocks know no room and no root; a test of one may build the whole app to try it in place.
  {
    target: ['./src/server/{lib,db}/**/!(*.test).ts'],
    from: './src/server',
    except: ['./lib', './db', './config.ts'],
    message: 'lib/ and db/ are building blocks for every room: they import no room (pass what they need in as a parameter).',
  },
  {
    // A room's test builds the app through tests/support; a building block's test may build it itself.
    target: './src/server/*/**/!(*.test).ts',
    from: ['./src/server/app.ts', './src/server/main.ts', './src/server/cli.ts', './src/server/seed.ts'],
    message: 'app.ts, main.ts, cli.ts and seed.ts compose the rooms; no room imports them back.',
  },
  {
    target: ['./src/client/lib', './src/client/components/ui', './src/client/components/video'],
    from: './src/client',
    except: ['./lib', './components'],
    message: 'lib/ and components/ are building blocks for every room: they import no room and no root file.',
  },
  {
    // The frame of every page shows the bell's count, the reseller's badge and the footer's way to the cookie settings.
    target: './src/client/components/layout',
    from: './src/client',
    except: ['./lib', './components', './notifications/use-unread-count.ts', './resellers/use-reseller.ts', './consent/consent-store.ts'],
    message: "components/layout/ is every page's frame: it imports only the rooms' hooks listed in eslint.config.js.",
  },
  ...rooms('client', ['lib', 'components', 'public']).map((room) => ({
    target: `./src/client/${room}`,
    from: './src/client',
    except: [`./${room}`, './lib', './components', ...(CLIENT_CROSSINGS[room] ?? []).map((file) => `./${file}`)],
    message: `A room imports lib/, components/ and itself, and another room only where eslint.config.js's CLIENT_CROSSINGS says why.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: shared → domains → app shell (ARCHITECTURE.md). no-cycle skips
      // type-only imports; scripts/import-cycles.mjs (also run by `npm run lint`) counts them.
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
  },
);
