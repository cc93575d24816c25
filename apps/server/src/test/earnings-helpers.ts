import { addMonths, monthOf } from '@hfm/shared';

/** A moment `monthsAgo` months before this UTC month (negative: ahead), on that day and time (UTC). */
export function monthsAgo(months: number, day = 10, time: [number, number, number, number] = [12, 0, 0, 0]): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day, ...time));
}

/** 'YYYY-MM' of `months` before this UTC month. */
export const monthLabel = (months: number) => addMonths(monthOf(new Date()), -months);
