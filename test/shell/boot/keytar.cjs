'use strict';
/** keytar as the boot test sees it: every call recorded in the stand-in's call list. */
const { join } = require('node:path');

const electron = require(join(__dirname, 'electron.cjs'));
const { realKeytar } = require(join(__dirname, 'register.cjs'));
const broken = process.env.STANDIN_KEYTAR === 'broken';
const real = broken ? undefined : require(realKeytar());
const calls = electron.__calls;

function wrap(name) {
  return async (service, account, ...rest) => {
    calls.push({ what: `keytar.${name}`, detail: { service, account } });
    if (broken) {
      throw new Error(
        'Cannot autolaunch D-Bus without X11 $DISPLAY (stand-in: the keychain is broken)',
      );
    }
    return real[name](service, account, ...rest);
  };
}

module.exports = {
  getPassword: wrap('getPassword'),
  setPassword: wrap('setPassword'),
  deletePassword: wrap('deletePassword'),
};
