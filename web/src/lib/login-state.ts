/**
 * The sign-in page's location state: the sign-up screen passes `registered` when its automatic
 * login failed, account deletion passes `accountDeleted` so the user reads that it worked.
 */
export interface LoginLocationState {
  registered?: boolean;
  accountDeleted?: boolean;
}
