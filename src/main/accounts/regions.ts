import type { Region } from '../../shared/model';

/** The exchange's two deployments (the specification's {base_url} and {base_url_eu}). */
export type DeployedRegion = Exclude<Region, 'demo' | 'custom'>;

export const REGION_URLS: Record<DeployedRegion, string> = {
  global: 'https://whitebit.com',
  eu: 'https://whitebit.eu',
};
