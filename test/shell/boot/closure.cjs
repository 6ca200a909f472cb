'use strict';
/**
 * The run-time closure of a packaged app's dependencies, required from inside the extracted
 * app.asar (`node closure.cjs <extracted app> '<build-only JSON>'`). Starting at the app's own
 * `dependencies`, each package's `dependencies` (and the optional ones that are there), less the
 * build-only ones the JSON names ({ "keytar": ["prebuild-install", …] }), is required from that
 * package's folder, as Electron's main process would at run time. Prints JSON: every package
 * folder reached, every file a dependency resolved to, and every failure.
 */
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');

const root = process.argv[2];
const buildOnly = JSON.parse(process.argv[3] ?? '{}');
const reached = new Map();
const resolved = [];
const failures = [];

const manifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** The folder of package `name` that holds `file` (its nearest package.json of that name). */
function packageDirOf(file, name) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      if (manifest(dir).name === name) return dir;
    } catch {
      // no package.json here
    }
  }
  throw new Error(`no package folder of ${name} above ${file}`);
}

function visit(dir) {
  if (reached.has(dir)) return;
  const pkg = manifest(dir);
  reached.set(dir, pkg.name);
  const skipped = new Set(dir === root ? [] : (buildOnly[pkg.name] ?? []));
  const required = Object.keys(pkg.dependencies ?? {}).filter((name) => !skipped.has(name));
  const optional = Object.keys(pkg.optionalDependencies ?? {});
  const requireHere = Module.createRequire(join(dir, 'package.json'));
  for (const name of [...new Set([...required, ...optional])]) {
    let file;
    try {
      file = requireHere.resolve(name);
      requireHere(name);
    } catch (error) {
      const missing = error && error.code === 'MODULE_NOT_FOUND';
      if (!(missing && optional.includes(name) && !required.includes(name))) {
        failures.push({ from: pkg.name, dependency: name, error: String(error && error.message) });
      }
      continue;
    }
    resolved.push(file);
    visit(packageDirOf(file, name));
  }
}

visit(root);
process.stdout.write(JSON.stringify({ reached: [...reached.keys()], resolved, failures }));
