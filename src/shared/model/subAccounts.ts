/** The profile's sub-accounts. */

export interface SubAccount {
  id: string;
  alias: string;
  /** '' when absent. */
  email: string;
  /** e.g. "active", "blocked". */
  status: string;
  userId?: string;
  color?: string;
  permissions?: { spotEnabled?: boolean; collateralEnabled?: boolean };
  kyc?: { shareKyc?: boolean; kycStatus?: string };
}

export interface SubAccountPage {
  limit: number;
  offset: number;
  records: SubAccount[];
}

export interface SubAccountsView {
  records: SubAccount[];
  fetchedAt: number;
}
