/** The badge's text: the count, "99+" beyond 99. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
