/** The account menu's links into the operator's console, for admins (apart: the site's header loads them on every page). */
export const heConsoleMenu = {
  heading: 'ניהול המערכת',
  pharms: 'ניהול בתי מרקחת',
  users: 'ניהול משתמשים',
  audit: 'יומן פעולות',
} as const;
