import type { ChannelInput } from '../../../shared/contract';
import type { MiningAlertEvent, MiningAlerts, QuietHours } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate, onProfileReset } from '../../lib/remote';

interface AlertActions {
  /** The events main pushed since the section opened, newest first (the in-app notice). */
  latest: MiningAlertEvent[];
  /** Listens to main's pushed events; answers how to stop. */
  watch(): () => void;
  /** Polls the pool now (main's poller) and takes the answer. */
  checkNow(): Promise<void>;
  /** Saves a rule or a worker's override; rejects with the DeskError (its fields for the form). */
  setRule(input: ChannelInput<'mining.setAlertRule'>): Promise<void>;
  setQuietHours(quietHours: QuietHours | null): Promise<void>;
}

/** The mining alerts: events kept by main, the rules, quiet hours; pushed events join the list. */
export const useMiningAlerts = createRemote(
  { channel: 'mining.alerts', fetch: () => getDesk().mining.alerts() },
  (get, set): AlertActions => {
    const take = (data: MiningAlerts) => set({ data, error: undefined });
    return {
      latest: [],
      watch() {
        return getDesk().on('mining.alert', (events) => {
          const newest = [...events].reverse();
          const data = get().data;
          const known = new Set(data?.events.map((e) => e.id));
          set({
            latest: [...newest, ...get().latest].slice(0, 5),
            ...(data
              ? {
                  data: {
                    ...data,
                    events: [...newest.filter((e) => !known.has(e.id)), ...data.events],
                  },
                }
              : {}),
          });
        });
      },
      async checkNow() {
        take(await mutate('mining.checkAlerts', () => getDesk().mining.checkAlerts()));
      },
      async setRule(input) {
        take(await mutate('mining.setAlertRule', () => getDesk().mining.setAlertRule(input)));
      },
      async setQuietHours(quietHours) {
        take(
          await mutate('mining.setQuietHours', () =>
            getDesk().mining.setQuietHours({ quietHours }),
          ),
        );
      },
    };
  },
);

onProfileReset(() => useMiningAlerts.setState({ latest: [] }));
