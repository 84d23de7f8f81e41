/** The admin's way into any pharmacy's back office (the user menu: apart, as the site's header loads it on every page). */
export const heAdminBusiness = {
  open: 'פתיחת בית מרקחת',
  slug: 'מזהה בית המרקחת (כפי שמופיע בכתובת /pharms/…)',
  go: 'מעבר לניהול',
  invalid: 'יש להזין מזהה באותיות אנגליות קטנות, ספרות ומקפים',
} as const;
