/**
 * Lets other work run: what follows goes on in a later turn of main's event loop, after the I/O
 * and timers due. Long work in main (a history read, a walk over years of it) awaits this between
 * slices of bounded size, so that no channel, the lock's included, waits on it for long.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
