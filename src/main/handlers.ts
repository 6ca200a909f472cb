import type { Handlers } from './binder';
import type { StatusMonitor } from './services/status';
import type { AppInfo } from '../shared/model';

export interface Services {
  info: () => AppInfo;
  status: StatusMonitor;
}

/** Contract channel -> service call. Plain Node: the Electron IPC layer and the web host share it. */
export function createHandlers(services: Services): Handlers {
  return {
    'app.info': async () => services.info(),
    'exchange.status': async () => services.status.current(),
    'exchange.checkNow': () => services.status.check(),
  };
}
