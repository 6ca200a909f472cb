import type { Desk } from '../shared/contract';

declare global {
  interface Window {
    /** Present in Electron (exposed by the preload); absent in the web host. */
    desk?: Desk;
  }
}

export {};
