'use strict';
/**
 * Loaded with `node --require` before the built main bundle: `require('electron')` gets the
 * stand-in (electron.cjs), `require('keytar')` a recording wrapper around the keytar the bundle
 * itself would load (the repository's, or an extracted app.asar's), or a broken one with
 * STANDIN_KEYTAR=broken, and STANDIN_BREAK_LISTEN=1 makes every server's listen fail the way a
 * sandbox or firewall policy would (so the core cannot start).
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

if (process.env.STANDIN_BREAK_LISTEN === '1') {
  net.Server.prototype.listen = function () {
    const error = Object.assign(new Error('listen EACCES: permission denied 127.0.0.1'), {
      code: 'EACCES',
    });
    process.nextTick(() => this.emit('error', error));
    return this;
  };
}
