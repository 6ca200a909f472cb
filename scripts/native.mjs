// Native modules (keytar) are built for one runtime at a time: Node's ABI (tests, the web host) or
// Electron's (the app). `node scripts/native.mjs electron` before `npm start` and
// `node scripts/native.mjs node` before the tests rebuild keytar only when it was last built for the
// other runtime; a fresh `npm install` builds it for Node, so the tests never rebuild on a clean
// clone. Building for Electron downloads Electron's headers (internet needed once).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  console.error('usage: node scripts/native.mjs node|electron');
  process.exit(2);
}
const marker = 'node_modules/keytar/build/.built-for';
const current = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : 'node';
if (current !== target) {
  console.log(`Rebuilding keytar for ${target} (it was built for ${current})…`);
  execSync(target === 'electron' ? 'npx electron-builder install-app-deps' : 'npm rebuild keytar', {
    stdio: 'inherit',
  });
  writeFileSync(marker, `${target}\n`);
}
