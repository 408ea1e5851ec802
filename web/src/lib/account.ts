// Who is signed in, and whose copies in this browser's localStorage belong
// to them: the work on screen (app/work.ts) and the layouts kept while the
// server could not be reached (features/saved).

/** Me is the answer of GET /api/auth/me: a server without accounts, or a team server's user. */
export interface Me {
  mode: 'local' | 'team';
  username?: string;
  admin?: boolean;
}

/**
 * ownerOf names whose copies in this browser's localStorage belong to the
 * account: '' in local mode (the plain keys of the specification, e.g.
 * 'nesting-layouts'), '@NAME' in team mode ('nesting-layouts@ayse').
 */
export function ownerOf(account: Me): string {
  return account.mode === 'team' ? `@${account.username ?? ''}` : '';
}

/**
 * takesPlainCopies reports whether the account takes what lies under the
 * plain keys, kept before the server had accounts: a team server's admin,
 * as the server's first account took the rows saved without a user.
 */
export function takesPlainCopies(account: Me): boolean {
  return account.mode === 'team' && !!account.admin;
}
