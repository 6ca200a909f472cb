// Prints the keychain status as JSON; run by test/main/accounts/accounts.test.ts in a child process
// without a D-Bus session, as a user without a keyring would run the app.
import { KeytarStore } from '../../src/main/vault/vault';

void new KeytarStore('Exchange Desk test probe').status().then((status) => {
  process.stdout.write(JSON.stringify(status));
});
