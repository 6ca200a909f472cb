import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/** The app's version, platform and data folder (main answers; nothing secret). */
export const useAppInfo = createRemote({
  channel: 'app.info',
  fetch: async () => ({ ...(await getDesk().app.info()), fetchedAt: Date.now() }),
});
