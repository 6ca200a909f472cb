import type { ProfileSummary } from '../../shared/model';

/** The profile every new user starts on: the built-in demo exchange. */
export const DEMO_PROFILE: ProfileSummary = { id: 'demo', name: 'Demo', region: 'demo' };
