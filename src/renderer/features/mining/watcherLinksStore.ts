import type { ChannelInput } from '../../../shared/contract';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

interface WatcherLinkActions {
  /** Creates one; takes main's answer (the list after it); rejects with the DeskError. */
  create(input: ChannelInput<'mining.createWatcherLink'>): Promise<void>;
}

/** A mining account's active watcher links, and the creation of one. */
export const useWatcherLinks = createRemote(
  {
    channel: 'mining.watcherLinks',
    fetch: (query: { account: string }) => getDesk().mining.watcherLinks(query),
  },
  (_get, set): WatcherLinkActions => ({
    async create(input) {
      const data = await mutate('mining.createWatcherLink', () =>
        getDesk().mining.createWatcherLink(input),
      );
      set({ data, error: undefined });
    },
  }),
);

/** The whole pool's figures (public/mining-pool). */
export const usePool = createRemote({
  channel: 'mining.pool',
  fetch: () => getDesk().mining.pool(),
});
