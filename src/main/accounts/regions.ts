import type { Region } from '../../shared/model';

/** The exchange's two deployments (the specification's {base_url} and {base_url_eu}). */
export const REGION_URLS: Record<Exclude<Region, 'demo' | 'custom'>, string> = {
  global: 'https://whitebit.com',
  eu: 'https://whitebit.eu',
};
