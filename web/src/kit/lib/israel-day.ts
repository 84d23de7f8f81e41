const israelDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Israel's calendar, YYYY-MM-DD (the days the services count in). */
export const todayInIsrael = (now: Date = new Date()): string => israelDay.format(now);
