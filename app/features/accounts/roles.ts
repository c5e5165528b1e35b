/** Roles and their ranks (platform-core §5): a role satisfies a requirement when its rank is at least the required one. */
export const ROLE_RANKS = { user: 1, prof: 2, admin: 3, super_admin: 4 } as const;
export type Role = keyof typeof ROLE_RANKS;
export const ROLES = Object.keys(ROLE_RANKS) as Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && value in ROLE_RANKS;
}

export function hasRole(role: Role, required: Role): boolean {
  return ROLE_RANKS[role] >= ROLE_RANKS[required];
}
