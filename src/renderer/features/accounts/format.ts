import type { ProfileSummary } from '../../../shared/model';

/** "Demo", "Global", "EU", "Custom · https://…". */
export function regionLabel(profile: Pick<ProfileSummary, 'region' | 'baseUrl'>): string {
  switch (profile.region) {
    case 'demo':
      return 'Demo';
    case 'global':
      return 'Global';
    case 'eu':
      return 'EU';
    case 'custom':
      return `Custom · ${profile.baseUrl}`;
  }
}

/** "just now", "3 min ago", "2 h ago", "5 days ago". */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export const fullDate = (ms: number): string => new Date(ms).toLocaleString();

/** Splits text on `backticks` so commands can be shown as code. */
export function splitCode(text: string): { text: string; code: boolean }[] {
  return text
    .split('`')
    .map((part, i) => ({ text: part, code: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}
