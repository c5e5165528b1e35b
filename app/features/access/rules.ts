/**
 * Teacher space (DESIGN §4): `/prof…` pages need the prof role, except paths containing `professeur`
 * (the public teacher application). Used by the route guard and by the anonymous HTML cache.
 */
export function isTeacherPath(path: string): boolean {
  return path.startsWith("/prof") && !path.includes("professeur");
}
