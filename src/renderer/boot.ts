import { startFirstScreen } from './firstScreen';

/**
 * main.tsx's first import: the lock state and the first screen's data are asked for as this
 * module is evaluated, before React and the screens are (firstScreen.ts).
 */
export const firstScreenStarted = startFirstScreen().settled;
