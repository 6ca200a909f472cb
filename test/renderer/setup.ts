import { beforeEach } from 'vitest';
import { clearRemotes } from '../../src/renderer/lib/remote';

// Remote slots are module singletons: every test starts with none used and no data.
beforeEach(() => clearRemotes());
