import type { Casing } from '../../src/main/demo-exchange/fields';

/** The demo exchange's answer casings: the integration suites run in each (describe.each). */
export const CASINGS: readonly Casing[] = ['deployed', 'spec'];
