import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/atomicFile';
import { log } from '../lib/log';
import { PROFILES_FILE } from '../lib/dataFiles';

/**
 * Profile metadata (never a secret) in `profiles.json` in the app data folder, written atomically.
 * Without a data folder (a web host run without --data-dir) it lives in memory only.
 */
const storedProfile = z.object({
  id: z.string(),
  name: z.string(),
  region: z.enum(['global', 'eu', 'custom']),
  baseUrl: z.string(),
  keyHint: z.string().max(4),
  verifiedAt: z.number().optional(),
  missingPermissions: z.array(z.string()).default([]),
});
export type StoredProfile = z.infer<typeof storedProfile>;

/** The id of the built-in Demo profile (never stored: its exchange provisions its keys). */
export const DEMO_ID = 'demo';

const fileSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  profiles: z.array(storedProfile),
  /** The port of the OAuth redirect listener, when the user chose one (app-wide). */
  oauthPort: z.number().int().min(1024).max(65535).optional().catch(undefined),
  /** The accounts each profile's Overview counts ('main', sub-account ids), by profile id. */
  overviewAccounts: z
    .record(z.string(), z.array(z.string().max(64)).max(101))
    .optional()
    .catch(undefined),
});
type ProfilesFile = z.infer<typeof fileSchema>;

export class ProfileStore {
  private data: ProfilesFile = { version: 1, activeId: DEMO_ID, profiles: [] };
  private readonly path: string | undefined;

  constructor(dataDir: string | undefined) {
    this.path = dataDir ? join(dataDir, PROFILES_FILE) : undefined;
    if (!this.path) return;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      if (parsed.success) this.data = parsed.data;
      else log.error('[accounts] profiles.json is not readable; starting with Demo only');
    } catch {
      // No file yet: first run.
    }
  }

  get activeId(): string {
    return this.data.activeId;
  }

  /** The OAuth redirect port the user chose, if any. */
  get oauthPort(): number | undefined {
    return this.data.oauthPort;
  }

  async setOAuthPort(port: number): Promise<void> {
    this.data.oauthPort = port;
    await this.save();
  }

  /** The accounts the profile's Overview counts, as kept (undefined: never chosen). */
  overviewAccounts(profileId: string): readonly string[] | undefined {
    return this.data.overviewAccounts?.[profileId];
  }

  async setOverviewAccounts(profileId: string, ids: readonly string[]): Promise<void> {
    this.data.overviewAccounts = { ...this.data.overviewAccounts, [profileId]: [...ids] };
    await this.save();
  }

  list(): readonly StoredProfile[] {
    return this.data.profiles;
  }

  get(id: string): StoredProfile | undefined {
    return this.data.profiles.find((p) => p.id === id);
  }

  private async save(): Promise<void> {
    if (this.path) await writeFileAtomic(this.path, JSON.stringify(this.data, null, 2));
  }

  async put(profile: StoredProfile): Promise<void> {
    const index = this.data.profiles.findIndex((p) => p.id === profile.id);
    if (index >= 0) this.data.profiles[index] = profile;
    else this.data.profiles.push(profile);
    await this.save();
  }

  async remove(id: string): Promise<void> {
    this.data.profiles = this.data.profiles.filter((p) => p.id !== id);
    if (this.data.overviewAccounts) {
      this.data.overviewAccounts = Object.fromEntries(
        Object.entries(this.data.overviewAccounts).filter(([profile]) => profile !== id),
      );
    }
    if (this.data.activeId === id) this.data.activeId = DEMO_ID;
    await this.save();
  }

  async setActive(id: string): Promise<void> {
    this.data.activeId = id;
    await this.save();
  }
}
