'use strict';
/**
 * Loaded with `node --require` before the built main bundle: `require('electron')` gets the
 * stand-in (electron.cjs), `require('keytar')` a recording wrapper around the keytar the bundle
 * itself would load (the repository's, or an extracted app.asar's), or a broken one with
 * STANDIN_KEYTAR=broken; STANDIN_BREAK_LISTEN=1 makes every server's listen fail the way a
 * sandbox or firewall policy would (so the core cannot start), STANDIN_BREAK_SQLITE=1 makes
 * `node:sqlite` missing, as in a runtime without it, STANDIN_BREAK_UPDATER=1 makes
 * electron-updater fail to load (require or import), as a package missing from app.asar would,
 * and STANDIN_PLATFORM sets process.platform (the code paths of another OS, on this one).
 */
const Module = require('node:module');
const net = require('node:net');
const { join } = require('node:path');

const standin = join(__dirname, 'electron.cjs');
const keytarWrapper = join(__dirname, 'keytar.cjs');
const resolve = Module._resolveFilename;
/** Where the bundle's own `require('keytar')` would have gone: the wrapper loads that one. */
let realKeytar;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'electron') return standin;
  if (request === 'keytar') {
    if (process.env.STANDIN_KEYTAR !== 'broken') {
      realKeytar ??= resolve.call(this, request, parent, ...rest);
    }
    return keytarWrapper;
  }
  return resolve.call(this, request, parent, ...rest);
};
module.exports = { realKeytar: () => realKeytar };

if (process.env.STANDIN_PLATFORM) {
  Object.defineProperty(process, 'platform', { value: process.env.STANDIN_PLATFORM });
}

if (process.env.STANDIN_BREAK_SQLITE === '1') {
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === 'node:sqlite') {
      throw Object.assign(new Error('No such built-in module: node:sqlite'), {
        code: 'ERR_UNKNOWN_BUILTIN_MODULE',
      });
    }
    return load.call(this, request, ...rest);
  };
}

if (process.env.STANDIN_BREAK_UPDATER === '1') {
  Module.registerHooks({
    resolve(specifier, context, next) {
      if (specifier === 'electron-updater') {
        throw Object.assign(new Error("Cannot find module 'builder-util-runtime'"), {
          code: 'MODULE_NOT_FOUND',
        });
      }
      return next(specifier, context);
    },
  });
}

if (process.env.STANDIN_BREAK_LISTEN === '1') {
  net.Server.prototype.listen = function () {
    const error = Object.assign(new Error('listen EACCES: permission denied 127.0.0.1'), {
      code: 'EACCES',
    });
    process.nextTick(() => this.emit('error', error));
    return this;
  };
}
