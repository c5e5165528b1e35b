/**
 * The teacher space (platform-core §2): `/prof…` paths, except those containing `professeur` (the
 * public teacher application and /professeur-dashboard). Its pages need manage:class:own (policy.ts)
 * and are shown without the footer. Kept apart from policy.ts so the browser loads this function only.
 */
export function isTeacherPath(path: string): boolean {
  return path.startsWith("/prof") && !path.includes("professeur");
}
